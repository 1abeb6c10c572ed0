/**
 * The basket's messages and a line's maximum, apart from the basket's contract: the add-to-basket
 * controls of every list, the price list, the drafts and the orders use them without loading the
 * basket's schemas.
 */

/** Spec §5 and §8, to the letter. */
export const BASKET_MESSAGES = {
  zeroQuantity: 'Укажите количество товара',
  overStock: 'Не достаточно свободных остатков на складе',
  emptyBasket: 'Корзина пуста',
} as const

export const MAX_LINE_QUANTITY = 1_000_000
