import { CATALOGUE_DEFAULTS, type CatalogueFilter, type ParamFilter } from '../../src/contract/catalogue'
import type { CategoryNode } from '../../src/contract/catalogue-init'
import { subtreeIds } from './categories'
import { normalizeSearch } from './search-text'

/** The catalogue filter resolved against the data: category ids, base-price bounds, the normalised keyword. */
export interface FilterPlan {
  /** null = all catalogues */
  categoryIds: number[] | null
  brandIds: number[]
  /** bounds on the base price, min inclusive, max exclusive; open where null */
  basePrice: { min: number | null; max: number | null } | null
  params: ParamFilter[]
  tagIds: number[]
  /** normalizeSearch(query); '' = none */
  keyword: string
  warehouseId: number
  available: boolean
}

/** Half a kopeck: a contract price rounds to a bound from this far below it, or from less than this above. */
const HALF_KOPECK = 0.005

export function planFilter(filter: CatalogueFilter, tree: readonly CategoryNode[], priceFactor: number): FilterPlan {
  const everywhere = filter.catalog === CATALOGUE_DEFAULTS.allCatalogues || (filter.search_range === 'all' && filter.query !== '')
  const priced = filter.byprice && (filter.minprice !== null || filter.maxprice !== null)
  return {
    categoryIds: everywhere ? null : subtreeIds(tree, filter.catalog),
    brandIds: filter.brand,
    basePrice: priced
      ? {
          min: filter.minprice === null ? null : (filter.minprice - HALF_KOPECK) / priceFactor,
          max: filter.maxprice === null ? null : (filter.maxprice + HALF_KOPECK) / priceFactor,
        }
      : null,
    params: filter.filter.filter((param) => param.minp !== null || param.maxp !== null),
    tagIds: filter.tags,
    keyword: normalizeSearch(filter.query),
    warehouseId: filter.warehouse,
    available: filter.available,
  }
}
