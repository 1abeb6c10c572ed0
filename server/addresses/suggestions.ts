import * as z from 'zod/mini'
import { SUGGEST_COUNT, type NamePart, type Suggestion } from '../../src/contract/suggestions'
import type { AppConfig } from '../config'
import type { Db } from '../db/connection'
import { RUSSIAN_CITIES } from './russian-cities'

type SuggestionsConfig = AppConfig['suggestions']

/** What a DaData-compatible service answers: each suggestion's value and, for an address, its postal code. */
const serviceAnswerSchema = z.object({
  suggestions: z.array(z.object({ value: z.string(), data: z.optional(z.nullable(z.object({ postal_code: z.optional(z.nullable(z.string())) }))) })),
})

/**
 * POST {url}/suggest/{kind} {query, count, ...} with `Authorization: Token …`, given up after the
 * timeout; null when the service is not configured, fails or answers something else.
 */
async function askService(config: SuggestionsConfig, kind: 'address' | 'fio', body: Record<string, unknown>): Promise<Suggestion[] | null> {
  if (!config.token) return null
  try {
    const response = await fetch(`${config.url}/suggest/${kind}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `Token ${config.token}` },
      body: JSON.stringify({ ...body, count: SUGGEST_COUNT }),
      signal: AbortSignal.timeout(config.timeoutMs),
    })
    if (!response.ok) return null
    const answer = serviceAnswerSchema.safeParse(await response.json())
    if (!answer.success) return null
    return answer.data.suggestions.map(({ value, data }) => (data?.postal_code ? { value, postindex: data.postal_code } : { value }))
  } catch {
    return null
  }
}

/** Lower case, ё as е, punctuation as spaces: how the fallback compares texts. */
const folded = (text: string) =>
  text
    .toLowerCase()
    .replaceAll('ё', 'е')
    .replace(/[.,;:()«»"]/g, ' ')

const wordsOf = (text: string) => folded(text).split(/\s+/).filter(Boolean)

/** Every word of the query is found in the text (as a part of a word: typing needs no whole words). */
const matchesAll = (words: readonly string[], text: string) => {
  const haystack = folded(text)
  return words.every((word) => haystack.includes(word))
}

const CITY_PREFIX = 'г. '

/** The offline fallback for an address: the company's own addresses first, then the bundled cities. */
async function fallbackAddresses(db: Db, customerId: number, query: string): Promise<Suggestion[]> {
  const words = wordsOf(query).filter((word) => word !== 'г')
  const own = await db.kysely
    .selectFrom('addresses')
    .select(['full_address', 'postindex'])
    .where('customer_id', '=', customerId)
    .where('deleted', '=', 0)
    .orderBy('id', 'desc')
    .execute()
  const fromOwn = own
    .filter((row) => matchesAll(words, row.full_address))
    .map((row): Suggestion => (row.postindex ? { value: row.full_address, postindex: row.postindex } : { value: row.full_address }))
  const fromCities = RUSSIAN_CITIES.filter((city) => matchesAll(words, city.name)).map((city) => ({
    value: `${CITY_PREFIX}${city.name}`,
    postindex: city.postindex,
  }))
  return uniqueValues([...fromOwn, ...fromCities]).slice(0, SUGGEST_COUNT)
}

/** The offline fallback for a name: the surnames or names of the company's consignees that start with the query. */
async function fallbackNames(db: Db, customerId: number, query: string, part: NamePart): Promise<Suggestion[]> {
  const start = folded(query.trim())
  const rows = await db.kysely.selectFrom('consignees').select(['surname', 'name']).where('customer_id', '=', customerId).orderBy('id').execute()
  const values = rows.map((row) => row[part]).filter((value) => folded(value).startsWith(start))
  return uniqueValues(values.map((value) => ({ value }))).slice(0, SUGGEST_COUNT)
}

function uniqueValues(suggestions: Suggestion[]): Suggestion[] {
  const seen = new Set<string>()
  return suggestions.filter((suggestion) => !seen.has(suggestion.value) && seen.add(suggestion.value))
}

const DADATA_PARTS: Record<NamePart, string> = { surname: 'SURNAME', name: 'NAME' }

export interface SuggestDeps {
  db: Db
  config: SuggestionsConfig
}

/** GET /api/suggest/address/: the service's suggestions when it answers, the offline fallback's otherwise. */
export async function suggestAddresses(deps: SuggestDeps, customerId: number, query: string): Promise<Suggestion[]> {
  return (await askService(deps.config, 'address', { query })) ?? fallbackAddresses(deps.db, customerId, query)
}

/** GET /api/suggest/name/: surnames or names, from the service when it answers, else from the company's consignees. */
export async function suggestNames(deps: SuggestDeps, customerId: number, query: string, part: NamePart): Promise<Suggestion[]> {
  return (await askService(deps.config, 'fio', { query, parts: [DADATA_PARTS[part]] })) ?? fallbackNames(deps.db, customerId, query, part)
}
