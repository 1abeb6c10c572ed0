/**
 * Numbers typed by a Russian dealer: a decimal comma or point ("1000,5" and "1000.5" are both
 * 1 000,5), spaces between thousands ignored. Shown back with the comma ("75,73").
 */

const DECIMAL = /^-?\d+(?:[.,]\d*)?$|^-?[.,]\d+$/

/** The number a range field's text stands for: null when empty, undefined when it is not a number. */
export function parseDecimalText(text: string): number | null | undefined {
  const compact = text.replace(/[\s\u00a0\u202f]/g, '')
  if (compact === '') return null
  if (!DECIMAL.test(compact)) return undefined
  const value = Number(compact.replace(',', '.'))
  return Number.isFinite(value) ? value : undefined
}

/** 75.73 → "75,73"; no grouping, so what is shown can be typed back as it is. */
export const formatDecimalText = (value: number): string => String(value).replace('.', ',')
