/**
 * Moscow dates and times as dealers read them, whatever the browser's zone. By hand, not
 * Intl.DateTimeFormat with a time zone: building that formatter loads zone data, a long task of
 * its own on a phone (57 ms at Lighthouse's 4× slowdown on the notifications page).
 */

/** Moscow keeps UTC+3 all year (since October 2014, which nothing the cabinet shows predates). */
const MOSCOW_OFFSET_MS = 3 * 60 * 60 * 1000
const pad2 = (n: number) => String(n).padStart(2, '0')

const inMoscow = (date: Date) => new Date(date.getTime() + MOSCOW_OFFSET_MS)

/** dd.mm.yyyy of the Moscow day. */
export function formatMoscowDate(date: Date): string {
  const moscow = inMoscow(date)
  return `${pad2(moscow.getUTCDate())}.${pad2(moscow.getUTCMonth() + 1)}.${moscow.getUTCFullYear()}`
}

/** dd.mm.yyyy hh:mm, Moscow time. */
export function formatMoscowDateTime(date: Date): string {
  const moscow = inMoscow(date)
  return `${formatMoscowDate(date)} ${pad2(moscow.getUTCHours())}:${pad2(moscow.getUTCMinutes())}`
}

/** An ISO moment as dd.mm.yyyy hh:mm, Moscow time (the chat's messages, the notifications, the complaints, the export). */
export const moscowTimeOf = (iso: string): string => formatMoscowDateTime(new Date(iso))
