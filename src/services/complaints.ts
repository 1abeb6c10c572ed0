import * as z from 'zod/mini'
import { fromPromise } from 'xstate'
import {
  complaintResponseSchema,
  complaintsResponseSchema,
  type ComplaintRequest,
  type ComplaintResponse,
  type ComplaintsResponse,
} from '../contract/complaints'
import { productResponseSchema } from '../contract/product'
import { autocompleteResponseSchema, type AutocompleteItem } from '../contract/search'
import type { Http } from './http'
import { suggestionsLogic } from './suggestions'

/** spec §3: the complaint's entries wait in this cookie until sent: product ids and quantities as typed, nothing else. */
const COMPLAINT_COOKIE = 'complaint_entries'
const COOKIE_DAYS = 30

/** One kept entry: the product's id and the quantity as typed (it may still be wrong). */
export interface KeptEntry {
  productId: number
  quantity: string
}

const keptSchema = z.array(z.tuple([z.int().check(z.positive()), z.string().check(z.maxLength(12))])).check(z.maxLength(50))

/** The kept entries of a `document.cookie` string; none when the cookie is missing or not ours. */
export function keptEntriesOf(cookie: string): KeptEntry[] {
  const raw = cookie
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${COMPLAINT_COOKIE}=`))
  if (!raw) return []
  try {
    const parsed = keptSchema.safeParse(JSON.parse(decodeURIComponent(raw.slice(COMPLAINT_COOKIE.length + 1))))
    return parsed.success ? parsed.data.map(([productId, quantity]) => ({ productId, quantity })) : []
  } catch {
    return []
  }
}

/** The Set-Cookie text keeping the entries (none: the cookie is removed). */
export function complaintCookieOf(entries: readonly KeptEntry[]): string {
  const value = encodeURIComponent(JSON.stringify(entries.map((entry) => [entry.productId, entry.quantity])))
  const maxAge = entries.length === 0 ? 0 : COOKIE_DAYS * 24 * 60 * 60
  return `${COMPLAINT_COOKIE}=${entries.length === 0 ? '' : value}; path=/; max-age=${maxAge}; samesite=lax`
}

/** What the complaint table keeps of a chosen product besides its id: for showing it only. */
export type ShownProduct = Pick<AutocompleteItem, 'id' | 'header' | 'articul'>

/** The cookie as the route module reads and writes it (document.cookie in the browser). */
export interface CookieJar {
  read: () => string
  write: (text: string) => void
}

/** Only the route modules use it, and they run in the browser. */
export const browserCookieJar: CookieJar = {
  read: () => document.cookie,
  write: (text) => {
    document.cookie = text
  },
}

/** GET /api/product/{id}/ for every kept entry: its header and articul; a product gone from the catalogue drops its entry. */
async function restoreEntries(http: Http, jar: CookieJar, signal: AbortSignal) {
  const kept = keptEntriesOf(jar.read())
  const found = await Promise.all(
    kept.map(async (entry) => {
      try {
        const { product } = await http.getUrl(`/api/product/${entry.productId}/`, productResponseSchema, undefined, signal)
        return { product: { id: product.id, header: product.header, articul: product.articul }, quantity: entry.quantity }
      } catch (error) {
        if (signal.aborted) throw error
        return null
      }
    }),
  )
  return found.filter((entry) => entry !== null)
}

/** The complaint table's and the complaints list's calls. */
export const createComplaintActors = (deps: { http: Http; jar: CookieJar }) => ({
  restoreEntries: fromPromise(({ signal }: { signal: AbortSignal }) => restoreEntries(deps.http, deps.jar, signal)),
  /** GET /search/?keyword=&simple=1, the header search's autocomplete */
  suggestProducts: suggestionsLogic<AutocompleteItem>(async (keyword, signal) => {
    const answer = await deps.http.getUrl('/search/', autocompleteResponseSchema, { keyword, simple: 1 }, signal)
    return answer.products
  }),
  sendComplaint: fromPromise(({ input, signal }: { input: ComplaintRequest; signal: AbortSignal }): Promise<ComplaintResponse> =>
    deps.http.postUrl('/api/complaints/', input, complaintResponseSchema, signal),
  ),
  loadComplaints: fromPromise(({ input, signal }: { input: { page: number }; signal: AbortSignal }): Promise<ComplaintsResponse> =>
    deps.http.getUrl('/api/complaints/', complaintsResponseSchema, { page: input.page }, signal),
  ),
})
