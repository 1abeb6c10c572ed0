import { MAX_LINE_QUANTITY } from '../contract/basket-constants'

/** Spec §5 and §9: the quantity stepper's minimum. */
export const QUANTITY_MIN = 1

const DIGITS = /^\d+$/

/**
 * What the quantity field keeps while the dealer types (spec §5): digits lose their leading
 * zeros ('007' → '7', '000' → '0', so 0 can be entered and refused on adding); anything
 * non-numeric resets to '1'. An empty field stays empty while typing and counts as 1.
 */
export function normalizeQuantityText(text: string): string {
  const trimmed = text.trim()
  if (trimmed === '') return ''
  if (!DIGITS.test(trimmed)) return String(QUANTITY_MIN)
  const stripped = trimmed.replace(/^0+(?=\d)/, '')
  return Number(stripped) > MAX_LINE_QUANTITY ? String(MAX_LINE_QUANTITY) : stripped
}

/** The quantity the field's text stands for: empty or non-numeric is 1; at most the line maximum. */
export function parseQuantity(text: string): number {
  const normalized = normalizeQuantityText(text)
  return normalized === '' ? QUANTITY_MIN : Number(normalized)
}

/** The field's text once the dealer leaves it: always a number. */
export const commitQuantityText = (text: string): string => String(parseQuantity(text))

/**
 * The +/- buttons: the quantity changes only if the result is positive (spec §5), and "+" stops
 * at `max` (the free stock, where the stepper knows it).
 */
export function stepQuantity(quantity: number, delta: 1 | -1, max: number = MAX_LINE_QUANTITY): number {
  const next = quantity + delta
  const ceiling = Math.min(max, MAX_LINE_QUANTITY)
  return next >= QUANTITY_MIN && (delta < 0 || next <= ceiling) ? next : quantity
}

/** Spec §5: an unknown (null) stock counts as 0. */
export const availableQuantity = (stock: number | null | undefined): number => Math.max(0, stock ?? 0)
