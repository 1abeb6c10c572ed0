/** A value built on first use, then kept. */
const once = <T>(build: () => T) => {
  let value: T | undefined
  return () => (value ??= build())
}

/*
 * The formatters are built on first use, not when the module loads: the first Intl formatter of a
 * page loads the locale's data (about 10 ms on a laptop, four times that on a phone), which would
 * lengthen the start-up's long script task. They are built in a task of their own right after it,
 * while the page waits for its first answers.
 */
const money = once(() => new Intl.NumberFormat('ru-RU', { style: 'currency', currency: 'RUB' }))
const integer = once(() => new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 0 }))
const plural = once(() => new Intl.PluralRules('ru'))
const date = once(() => new Intl.DateTimeFormat('ru-RU', { day: '2-digit', month: '2-digit', year: 'numeric' }))
setTimeout(() => [money, integer, plural].forEach((build) => build()), 0)

/** 1 234,50 ₽ */
export const formatMoney = (amount: number) => money().format(amount)

/** 12 345 */
export const formatInteger = (value: number) => integer().format(value)

/** Russian word forms by Intl.PluralRules('ru'): one (1, 21), few (2–4, 22), many (5–20, 25); other is for fractions. */
export interface WordForms {
  one: string
  few: string
  many: string
  other?: string
}

export const PRODUCT_FORMS: WordForms = { one: 'товар', few: 'товара', many: 'товаров', other: 'товара' }

function pluralize(count: number, forms: WordForms): string {
  const rule = plural().select(count)
  return rule === 'one' ? forms.one : rule === 'few' ? forms.few : rule === 'other' ? (forms.other ?? forms.many) : forms.many
}

/** "5 товаров" */
export const formatCount = (count: number, forms: WordForms) => `${formatInteger(count)} ${pluralize(count, forms)}`

/** dd.mm.yyyy from an ISO date or date-time */
export const formatDate = (iso: string) => {
  // a bare date has no time zone: reorder it rather than let Date shift it a day
  const bare = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso)
  if (bare) return `${bare[3]}.${bare[2]}.${bare[1]}`
  const value = new Date(iso)
  return Number.isNaN(value.getTime()) ? iso : date().format(value)
}
