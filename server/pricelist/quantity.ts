import { MAX_LINE_QUANTITY } from '../../src/contract/basket'
import { PRICELIST_MESSAGES } from '../../src/contract/pricelist'

export type QuantityReading = { ok: true; qnt: number } | { ok: false; reason: string }

/** a number as offices write it: '5', '5,0', '1 000', '+3', '12.00 шт' */
const NUMBER = /^\+?\d+(?:[.,]\d+)?$/

/** The number a cell holds, or null: spaces (thousands) and a trailing 'шт' are ignored, a decimal comma read. */
export function readNumber(cell: string): number | null {
  const compact = cell.replace(/[\s\u00a0\u202f]+/g, '').replace(/шт\.?$/i, '')
  return NUMBER.test(compact) ? Number(compact.replace(',', '.')) : null
}

/** A cell as an order quantity: a whole number from 1 to MAX_LINE_QUANTITY ('5,0' is 5; '2,5' is refused). */
export function readQuantity(cell: string): QuantityReading {
  if (cell.trim() === '') return { ok: false, reason: PRICELIST_MESSAGES.noQuantity }
  const value = readNumber(cell)
  if (value === null || !Number.isInteger(value) || value < 1 || value > MAX_LINE_QUANTITY) {
    return { ok: false, reason: PRICELIST_MESSAGES.badQuantity }
  }
  return { ok: true, qnt: value }
}
