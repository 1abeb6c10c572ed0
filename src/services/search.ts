import { fromPromise } from 'xstate'
import { autocompleteResponseSchema } from '../contract/search'
import type { Http } from './http'
import type { AppStorage } from './storage'

/** Where a keyword typed in the header waits for /cabinet/action12/ (spec §2). */
export const SEARCH_KEYWORD_STORAGE_KEY = 'cabinet.searchKeyword'

/** The header remembers the submitted keyword for the results page. */
export const rememberSearchKeyword = (storage: AppStorage, keyword: string) => storage.write(SEARCH_KEYWORD_STORAGE_KEY, keyword)

/** The results page picks the keyword up and clears it (spec §2); null when none waits. */
export function takeSearchKeyword(storage: AppStorage): string | null {
  const keyword = storage.read(SEARCH_KEYWORD_STORAGE_KEY)
  storage.remove(SEARCH_KEYWORD_STORAGE_KEY)
  return keyword?.trim() || null
}

/** GET /search/?keyword=&simple=1: the header's suggestions. */
export const createSearchAutocompleteActors = (deps: { http: Http }) => ({
  loadSuggestions: fromPromise(async ({ input, signal }: { input: { keyword: string }; signal: AbortSignal }) => {
    const answer = await deps.http.getUrl('/search/', autocompleteResponseSchema, { keyword: input.keyword, simple: 1 }, signal)
    return answer.products
  }),
})
