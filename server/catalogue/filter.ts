import { CATALOGUE_DEFAULTS, type CatalogueFilter, type ParamFilter } from '../../src/contract/catalogue'
import type { CategoryNode } from '../../src/contract/catalogue-init'
import { subtreeIds } from './categories'
import { normalizeSearch } from './search-text'

/** The catalogue filter resolved against the data: category ids, base-price bounds, the normalised keyword. */
export interface FilterPlan {
  /** null = all catalogues */
  categoryIds: number[] | null
  brandIds: number[]
  /** inclusive bounds on the contract price (the base price times `factor`, in kopecks); open where null */
  contractPrice: { min: number | null; max: number | null; factor: number } | null
  params: ParamFilter[]
  tagIds: number[]
  /** normalizeSearch(query); '' = none */
  keyword: string
  warehouseId: number
  available: boolean
}

export function planFilter(filter: CatalogueFilter, tree: readonly CategoryNode[], priceFactor: number): FilterPlan {
  const everywhere = filter.catalog === CATALOGUE_DEFAULTS.allCatalogues || (filter.search_range === 'all' && filter.query !== '')
  const priced = filter.byprice && (filter.minprice !== null || filter.maxprice !== null)
  return {
    categoryIds: everywhere ? null : subtreeIds(tree, filter.catalog),
    brandIds: filter.brand,
    contractPrice: priced ? { min: filter.minprice, max: filter.maxprice, factor: priceFactor } : null,
    params: filter.filter.filter((param) => param.minp !== null || param.maxp !== null),
    tagIds: filter.tags,
    keyword: normalizeSearch(filter.query),
    warehouseId: filter.warehouse,
    available: filter.available,
  }
}
