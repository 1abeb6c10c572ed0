/**
 * How the router writes and reads an address's search params: plain values (`?paid=1&search_doc=81`),
 * not TanStack Router's default of JSON, which quotes every string that JSON could read
 * (`paid=%221%22`). Lists and objects (the catalogue's `brand=[3,5]`, `params=[{...}]`) stay JSON.
 *
 * A value is read as JSON only when it starts as a list, an object or a quoted string does, so
 * the quoted addresses of old links and bookmarks still read as before. A string that starts so
 * itself (a keyword `[1]`) is written quoted, so it reads back as the same string. Everything else
 * reads as the string it is: the routes' schemas turn '2' into a number where they want one.
 */

const READS_AS_JSON = /^["[{]/

function readValue(text: string): unknown {
  if (!READS_AS_JSON.test(text)) return text
  try {
    return JSON.parse(text) as unknown
  } catch {
    return text
  }
}

function writeValue(value: unknown): string {
  if (typeof value === 'string') return READS_AS_JSON.test(value) ? JSON.stringify(value) : value
  if (value !== null && typeof value === 'object') return JSON.stringify(value)
  return String(value)
}

/** The router's `parseSearch`: '?a=1&b=[2]' → { a: '1', b: [2] }; a name given twice gives a list. */
export function parseSearch(searchText: string): Record<string, unknown> {
  // no prototype: a parameter named __proto__ is only a parameter
  const search = Object.create(null) as Record<string, unknown>
  for (const [name, text] of new URLSearchParams(searchText.replace(/^\?/, ''))) {
    const value = readValue(text)
    const before = search[name]
    search[name] = Object.hasOwn(search, name) ? (Array.isArray(before) ? [...(before as unknown[]), value] : [before, value]) : value
  }
  return search
}

/** The router's `stringifySearch`: { a: '1', b: [2] } → '?a=1&b=%5B2%5D'; undefined values are left out. */
export function stringifySearch(search: Record<string, unknown>): string {
  const params = new URLSearchParams()
  for (const [name, value] of Object.entries(search)) if (value !== undefined) params.set(name, writeValue(value))
  const text = params.toString()
  return text ? `?${text}` : ''
}
