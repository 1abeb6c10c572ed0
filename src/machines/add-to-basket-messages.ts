import { BASKET_MESSAGES } from '../contract/basket-constants'

/** What the add-to-basket controls say; apart from the adder's machine, whose code loads after the first paint. */
export const ADD_TO_BASKET_MESSAGES = {
  ...BASKET_MESSAGES,
  added: 'Товар добавлен в корзину',
  addFailed: 'Товар не добавлен в корзину',
} as const

/** What controls touched before the adders' code is there say while it loads, and when it did not come. */
export const ADDER_CODE_MESSAGES = {
  loading: 'Готовим добавление в корзину…',
  failed: 'Не удалось подготовить добавление в корзину. Проверьте соединение и попробуйте ещё раз.',
} as const
