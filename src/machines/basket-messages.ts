import { BASKET_MESSAGES } from '../contract/basket-constants'

/**
 * The basket page's texts (spec §2 /cart/), apart from its machines: the page shows them from its
 * first paint, and the basket's machines load with the shell, not with the page's code.
 */
export const BASKET_PAGE_MESSAGES = {
  overStock: BASKET_MESSAGES.overStock,
  loadFailed: 'Не удалось загрузить корзину',
  saveFailed: 'Количество не сохранено',
  clearFailed: 'Корзина не очищена',
  clearQuestion: 'Очистить корзину?',
  empty: 'Корзина пуста',
} as const

/** «Сохранить как черновик»: the draft-save machine's outcomes as the page words them. */
export const DRAFT_SAVE_MESSAGES = {
  saveFailed: 'Черновик не сохранён',
  saved: (header: string) => `Черновик «${header}» сохранён`,
} as const

/** «Схема проезда»: the warehouse-map machine's states as the page words them. */
export const WAREHOUSE_MAP_MESSAGES = {
  title: 'Схема проезда',
  loading: 'Загрузка схемы проезда…',
  loadFailed: 'Не удалось загрузить схему проезда',
  schedule: 'Режим работы',
} as const
