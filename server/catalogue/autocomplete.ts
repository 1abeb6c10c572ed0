import { AUTOCOMPLETE_LIMIT, type AutocompleteItem } from '../../src/contract/search'
import type { Db } from '../db/connection'
import { normalizeSearch } from './search-text'
import { currentCatalogue } from './snapshot'

/** Up to 10 products whose header or articul contains the keyword, in header order. */
export async function autocomplete(db: Db, keyword: string): Promise<AutocompleteItem[]> {
  const { snapshot: s } = await currentCatalogue(db)
  const found = s.containing(normalizeSearch(keyword))
  const items: AutocompleteItem[] = []
  for (const i of s.order('header', 'asc')) {
    if (!found[i]) continue
    items.push({ id: s.ids[i]!, header: s.header.at(i), articul: s.articul.at(i), brand: { id: s.brand[i]!, header: s.brands.get(s.brand[i]!) ?? '' } })
    if (items.length === AUTOCOMPLETE_LIMIT) break
  }
  return items
}
