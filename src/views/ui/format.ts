export { formatCount, formatInteger, formatMoney, PRODUCT_FORMS, type WordForms } from '../../contract/ru-numbers'

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
