/*
 * Money, counts and word forms are formatted here by hand, to the letter of what
 * Intl.NumberFormat('ru-RU') and Intl.PluralRules('ru') print (tests/unit/format.test.ts compares
 * them). The first Intl formatter of a page loads the locale's data: some 80 ms of one task on a
 * phone, the largest single block of a screen's start, for output this simple.
 */
const GROUP = '\u00a0'
const intl: Intl.NumberFormat[] = []

/**
 * ru-RU digits with `decimals` (2: money, 0: a count): groups of three split by a no-break space,
 * a decimal comma, rounded half away from zero on the shortest decimal form, as ICU rounds
 * ("1.005e2" is 100.5, so 1.005 → 1,01). What plain notation cannot carry goes to Intl.
 */
function ruDigits(value: number, decimals: 0 | 2): string {
  const magnitude = Math.abs(value)
  if (!(magnitude < 1e15) || String(magnitude).includes('e'))
    return (intl[decimals] ??= new Intl.NumberFormat('ru-RU', decimals ? { style: 'currency', currency: 'RUB' } : { maximumFractionDigits: 0 })).format(value)
  const scaled = String(Math.round(Number(`${magnitude}e${decimals}`))).padStart(decimals + 1, '0')
  const whole = scaled.slice(0, scaled.length - decimals).replace(/\B(?=(\d{3})+$)/g, GROUP)
  const sign = value < 0 || Object.is(value, -0) ? '-' : ''
  return decimals ? `${sign}${whole},${scaled.slice(-decimals)}${GROUP}₽` : `${sign}${whole}`
}

/** 1 234,50 ₽ */
export const formatMoney = (amount: number) => ruDigits(amount, 2)

/** 12 345 */
export const formatInteger = (value: number) => ruDigits(value, 0)

/** Russian word forms by Intl.PluralRules('ru'): one (1, 21), few (2–4, 22), many (5–20, 25); other is for fractions. */
export interface WordForms {
  one: string
  few: string
  many: string
  other?: string
}

export const PRODUCT_FORMS: WordForms = { one: 'товар', few: 'товара', many: 'товаров', other: 'товара' }

/** Intl.PluralRules('ru').select: on |count| shown with at most three decimals; a fraction is 'other'. */
function pluralRule(count: number): keyof WordForms {
  const shown = Math.round(Math.abs(count) * 1000) / 1000
  if (!Number.isInteger(shown)) return 'other'
  const [last, lastTwo] = [shown % 10, shown % 100]
  if (last === 1 && lastTwo !== 11) return 'one'
  if (last >= 2 && last <= 4 && (lastTwo < 12 || lastTwo > 14)) return 'few'
  return 'many'
}

function pluralize(count: number, forms: WordForms): string {
  const rule = pluralRule(count)
  return rule === 'other' ? (forms.other ?? forms.many) : forms[rule]
}

/** "5 товаров" */
export const formatCount = (count: number, forms: WordForms) => `${formatInteger(count)} ${pluralize(count, forms)}`

const pad2 = (n: number) => String(n).padStart(2, '0')

/** dd.mm.yyyy from an ISO date or date-time */
export const formatDate = (iso: string) => {
  // a bare date has no time zone: reorder it rather than let Date shift it a day
  const bare = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso)
  if (bare) return `${bare[3]}.${bare[2]}.${bare[1]}`
  // a date-time is shown on the dealer's own calendar, as Intl.DateTimeFormat('ru-RU') would
  const value = new Date(iso)
  return Number.isNaN(value.getTime()) ? iso : `${pad2(value.getDate())}.${pad2(value.getMonth() + 1)}.${value.getFullYear()}`
}
