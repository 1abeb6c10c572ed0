import type { FilterResponse } from '../../src/contract/filter-answer'

const bytesOfShared = new WeakMap<object, Buffer>()

/**
 * UTF-8 JSON of a part that answers share and nobody changes (the facets and category counts of a
 * cached outcome, the warehouses of a catalogue copy, a page of products listed again unchanged):
 * written and encoded once per object.
 */
function sharedJson(value: object): Buffer {
  let bytes = bytesOfShared.get(value)
  if (bytes === undefined) bytesOfShared.set(value, (bytes = Buffer.from(JSON.stringify(value))))
  return bytes
}

const json = (value: unknown) => JSON.stringify(value)

/** Whether JSON.stringify writes the two values alike (plain JSON data: same keys in the same order, same values). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((item, i) => sameJson(item, b[i]))
  if (Array.isArray(b)) return false
  const aKeys = Object.keys(a)
  const bKeys = Object.keys(b)
  return (
    aKeys.length === bKeys.length &&
    aKeys.every((key, i) => key === bKeys[i] && sameJson((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]))
  )
}

/** How each field is written; a field added to FilterResponse does not compile until it is here. */
const FIELD_JSON: { [K in keyof FilterResponse]-?: (value: FilterResponse[K]) => string | Buffer } = {
  brands: sharedJson,
  prices: json,
  // the same array when a page lists what it listed last time (see run-filter.ts)
  products: sharedJson,
  params: sharedJson,
  tags: sharedJson,
  actualWms: sharedJson,
  categories_tree: sharedJson,
  count: json,
  pagination: json,
  contract: json,
  warehouse: json,
}

const FIELDS = (Object.keys(FIELD_JSON) as (keyof FilterResponse)[]).map((key) => ({ key, name: `${JSON.stringify(key)}:` }))

/**
 * The answer of POST /api/filter/ as UTF-8 JSON, byte for byte what JSON.stringify writes (same
 * fields, same order), with the shared parts written and encoded once: stringifying and encoding
 * them was most of the CPU an answer cost under load.
 */
export function filterAnswerJson(answer: FilterResponse): Buffer {
  const chunks: Buffer[] = []
  let text = '{'
  for (const { key, name } of FIELDS) {
    const value = answer[key]
    if (value === undefined) continue
    text += (text === '{' && chunks.length === 0 ? '' : ',') + name
    const written = (FIELD_JSON[key] as (v: typeof value) => string | Buffer)(value)
    if (typeof written === 'string') {
      text += written
    } else {
      chunks.push(Buffer.from(text), written)
      text = ''
    }
  }
  chunks.push(Buffer.from(`${text}}`))
  return Buffer.concat(chunks)
}
