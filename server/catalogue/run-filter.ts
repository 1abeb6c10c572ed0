import type { CatalogueFilter, FilterResponse, Prices } from '../../src/contract/catalogue'
import { CATALOGUE_DEFAULTS } from '../../src/contract/catalogue'
import type { SessionUser } from '../auth/sessions'
import type { Db } from '../db/connection'
import { countedTree } from './categories'
import { contractPrice, requireWarehouse, resolveContract, type PriceContract } from './contract'
import { evaluate, type FilterOutcome } from './engine'
import { planFilter } from './filter'
import { cachedOutcome } from './outcome-cache'
import type { ProductRow } from './listing'
import { availableAt, currentCatalogue, type CatalogueSnapshot } from './snapshot'
import { toCatalogueProducts } from './stocks'

const rowAt = (s: CatalogueSnapshot, i: number): ProductRow => ({
  id: s.ids[i]!,
  header: s.header[i]!,
  articul: s.articul[i]!,
  price: s.price[i]!,
  price_rrc: s.priceRrc[i]!,
  brand_id: s.brand[i]!,
  brand_header: s.brands.get(s.brand[i]!) ?? '',
  category_id: s.category[i]!,
})

export interface CatalogueSearch {
  contract: PriceContract
  snapshot: CatalogueSnapshot
  outcome: FilterOutcome
  /** the page's products as the wire lists them */
  products: Awaited<ReturnType<typeof toCatalogueProducts>>
}

/**
 * The filter over the in-memory catalogue (facets, total, page), then the page's products with
 * what changes all the time read fresh: stock, pictures, the user's marks.
 */
export async function searchCatalogue(db: Db, user: SessionUser, filter: CatalogueFilter): Promise<CatalogueSearch> {
  const [contract, { snapshot, versions }] = await Promise.all([resolveContract(db, user, filter.contract), currentCatalogue(db)])
  requireWarehouse(snapshot.warehouses, filter.warehouse)
  const plan = planFilter(filter, snapshot.tree, contract.factor)
  const available = plan.available ? await availableAt(db, snapshot, plan.warehouseId, versions.stocks) : undefined
  const query = { plan, sorting: filter.sorting, page: filter.page, perpage: filter.perpage, stockVersion: versions.stocks }
  const outcome = cachedOutcome(snapshot, query, () => evaluate(snapshot, plan, filter.sorting, filter.page, filter.perpage, available))
  const rows = outcome.page.map((i) => rowAt(snapshot, i))
  const products = await toCatalogueProducts(db, { userId: user.id, warehouseId: filter.warehouse, priceFactor: contract.factor }, rows)
  return { contract, snapshot, outcome, products }
}

const pricesOf = (basePrices: FilterOutcome['basePrices'], factor: number): Prices => ({
  min: basePrices ? contractPrice(basePrices.min, factor) : 0,
  max: basePrices ? contractPrice(basePrices.max, factor) : 0,
  decimals: CATALOGUE_DEFAULTS.priceDecimals,
})

/** POST /api/filter/ (and /api/search/): one page of products and the facets. */
export async function runFilter(db: Db, user: SessionUser, filter: CatalogueFilter): Promise<FilterResponse> {
  const { contract, snapshot, outcome, products } = await searchCatalogue(db, user, filter)
  return {
    brands: { data: outcome.brands },
    // the factor is positive, so the base prices' extremes are the contract prices' extremes
    prices: pricesOf(outcome.basePrices, contract.factor),
    products,
    params: outcome.params,
    tags: outcome.tags,
    actualWms: snapshot.warehouses,
    categories_tree: countedTree(snapshot.tree, outcome.categoryCounts),
    count: outcome.count,
    pagination: { page: filter.page, perpage: filter.perpage, pages: Math.ceil(outcome.count / filter.perpage) },
    contract: String(contract.id),
    warehouse: filter.warehouse,
  }
}
