import { cssModuleClassName } from '../../scripts/css-module-names'
import { TIME_ZONE_COOKIE } from '../../src/contract/frame'
import { formatDate } from '../../src/contract/ru-numbers'

/** Text or an attribute's value as HTML writes it. */
export const escaped = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

/**
 * The class names of a CSS module of src/views, as the build names them (vite.config.ts); each
 * worked out once, not on every page the server draws.
 */
export function classesOf(file: string) {
  const named = new Map<string, string>()
  const nameOf = (name: string) => {
    let className = named.get(name)
    if (className === undefined) {
      className = cssModuleClassName(name, `src/views/${file}.module.css`)
      named.set(name, className)
    }
    return className
  }
  return (...names: string[]) => names.map(nameOf).join(' ')
}

/** An icon as src/views/ui/icons.tsx draws it: one path in a 24-unit box. */
export const icon = (path: string, size: number) =>
  `<svg width="${size}" height="${size}" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false"><path d="${path}"></path></svg>`

/** A request's cookies as @fastify/cookie parsed them (values URI-decoded where they decode). */
export type RequestCookies = Readonly<Record<string, string | undefined>>

/** Where the browser has not told its zone yet: the supplier's, Moscow's. */
const SUPPLIER_TIME_ZONE = 'Europe/Moscow'
// one per zone the browsers told; only valid IANA names get in, so the map stays small
const dayFormats = new Map<string, Intl.DateTimeFormat>()

function dayFormatIn(timeZone: string): Intl.DateTimeFormat | undefined {
  let format = dayFormats.get(timeZone)
  if (format) return format
  try {
    format = new Intl.DateTimeFormat('ru-RU', { timeZone, day: '2-digit', month: '2-digit', year: 'numeric' })
  } catch {
    return undefined
  }
  dayFormats.set(format.resolvedOptions().timeZone, format)
  return format
}

/**
 * How the server writes a moment's date for the visitor of a request: on the calendar of the time
 * zone the browser told in its cookie (framed-page.ts), as the SPA's formatDate does, else Moscow's.
 * A bare date or an unreadable one is written as formatDate writes it.
 */
export function dealerDayOf(cookies: RequestCookies): (iso: string) => string {
  const told = cookies[TIME_ZONE_COOKIE]
  const format = (told && dayFormatIn(told)) || (dayFormatIn(SUPPLIER_TIME_ZONE) as Intl.DateTimeFormat)
  return (iso) => {
    const moment = new Date(iso)
    return /^\d{4}-\d{2}-\d{2}$/.test(iso) || Number.isNaN(moment.getTime()) ? formatDate(iso) : format.format(moment)
  }
}
