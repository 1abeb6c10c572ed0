import { CATALOGUE_DEFAULTS, type CatalogueFilter, type ParamFilter } from '../../src/contract/catalogue'
import type { CategoryNode } from '../../src/contract/catalogue-init'
import { subtreeIds } from './categories'
import { priceBasis, type Pricing } from './contract'
import { normalizeSearch } from './search-text'

/** The catalogue filter resolved against the data: category ids, base-price bounds, the normalised keyword. */
export interface FilterPlan {
  /** null = all catalogues */
  categoryIds: number[] | null
  brandIds: number[]
  /**
   * inclusive bounds on the price the login is shown (the base price times `factor` in kopecks,
   * then its price policy); open where null
   */
  contractPrice: ({ min: number | null; max: number | null } & Pricing) | null
  /** the product column the shown prices follow: the price range and the bounds are taken on it */
  priceBasis: 'price' | 'price_rrc'
  params: ParamFilter[]
  tagIds: number[]
  /** normalizeSearch(query); '' = none */
  keyword: string
  warehouseId: number
  available: boolean
}

export function planFilter(filter: CatalogueFilter, tree: readonly CategoryNode[], pricing: Pricing): FilterPlan {
  const everywhere = filter.catalog === CATALOGUE_DEFAULTS.allCatalogues || (filter.search_range === 'all' && filter.query !== '')
  const priced = filter.byprice && (filter.minprice !== null || filter.maxprice !== null)
  return {
    categoryIds: everywhere ? null : subtreeIds(tree, filter.catalog),
    brandIds: filter.brand,
    contractPrice: priced ? { min: filter.minprice, max: filter.maxprice, factor: pricing.factor, policy: pricing.policy } : null,
    priceBasis: priceBasis(pricing.policy),
    params: filter.filter.filter((param) => param.minp !== null || param.maxp !== null),
    tagIds: filter.tags,
    keyword: normalizeSearch(filter.query),
    warehouseId: filter.warehouse,
    available: filter.available,
  }
}
