import type { CatalogueFilter, CatalogueProduct, Counted } from '../../src/contract/catalogue'
import type { CategoryCountNode, FilterResponse, Prices } from '../../src/contract/filter-answer'
import { CATALOGUE_DEFAULTS } from '../../src/contract/catalogue'
import { versionsReadWithUser } from '../auth/session-account'
import type { SessionUser } from '../auth/sessions'
import type { Db } from '../db/connection'
import { countedTree } from './categories'
import { priceBasis, requireWarehouse, resolveContract, shownPriceOfBasis, type PriceContract, type Pricing } from './contract'
import { evaluate, type FilterOutcome } from './engine'
import { sameJson } from './filter-answer-json'
import { planFilter } from './filter'
import { cachedOutcome } from './outcome-cache'
import { isIntact } from './recycled-columns'
import type { ProductRow } from './listing'
import { availableAt, currentCatalogue, type CatalogueSnapshot } from './snapshot'
import type { Versions } from './catalogue-versions'
import { stocksAtVersion } from './stock-cache'
import { toCatalogueProducts } from './stocks'

const rowAt = (s: CatalogueSnapshot, i: number): ProductRow => ({
  id: s.ids[i]!,
  header: s.header.at(i),
  articul: s.articul.at(i),
  price: s.price[i]!,
  price_rrc: s.priceRrc[i]!,
  brand_id: s.brand[i]!,
  brand_header: s.brands.get(s.brand[i]!) ?? '',
  category_id: s.category[i]!,
})

/**
 * The page last listed per outcome. Stock, pictures and marks are read fresh for every request;
 * when they come out as last time the page is that same array, whose JSON is then reused.
 */
const lastPageOf = new WeakMap<FilterOutcome, CatalogueProduct[]>()

function asLastTimeIfSame(outcome: FilterOutcome, products: CatalogueProduct[]): CatalogueProduct[] {
  const last = lastPageOf.get(outcome)
  if (last && sameJson(last, products)) return last
  lastPageOf.set(outcome, products)
  return products
}

/** What a catalogue request works under, checked for it: the contract it may use, the served copy and the versions read with it. */
export interface CatalogueRequest {
  contract: PriceContract
  snapshot: CatalogueSnapshot
  versions: Versions
}

/** The request's contract (403 unless the user may use it), the served copy and its warehouse (400 unless it exists). */
export async function catalogueRequest(db: Db, user: SessionUser, filter: CatalogueFilter): Promise<CatalogueRequest> {
  const [contract, { snapshot, versions }] = await Promise.all([resolveContract(db, user, filter.contract), currentCatalogue(db, versionsReadWithUser(user))])
  requireWarehouse(snapshot.warehouses, filter.warehouse)
  return { contract, snapshot, versions }
}

export interface CatalogueSearch extends CatalogueRequest {
  outcome: FilterOutcome
  /** the page's products as the wire lists them */
  products: Awaited<ReturnType<typeof toCatalogueProducts>>
}

/**
 * The filter over the in-memory catalogue (facets, total, page), then the page's products with
 * what changes all the time read fresh: stock, pictures, the user's marks.
 */
export async function searchCatalogue(db: Db, user: SessionUser, filter: CatalogueFilter, request?: CatalogueRequest): Promise<CatalogueSearch> {
  const { contract, snapshot, versions } = request ?? (await catalogueRequest(db, user, filter))
  const plan = planFilter(filter, snapshot.tree, contract)
  const available = plan.available ? await availableAt(db, snapshot, plan.warehouseId, versions.stocks) : undefined
  // two changes taken in while this request awaited may have written over the copy's columns: the served copy answers then
  if (!isIntact(snapshot)) return searchCatalogue(db, user, filter)
  const sorting = sortingUnder(contract, filter.sorting)
  // the plan names the price policy where it changes the outcome (a price bound, the 'rrc' basis), so the cache keeps them apart
  const query = { plan, sorting, page: filter.page, perpage: filter.perpage, stockVersion: versions.stocks }
  const outcome = cachedOutcome(snapshot, query, () => evaluate(snapshot, plan, sorting, filter.page, filter.perpage, available))
  const rows = outcome.page.map((i) => rowAt(snapshot, i))
  const listing = { userId: user.id, warehouseId: filter.warehouse, pricing: contract }
  const products = asLastTimeIfSame(outcome, await toCatalogueProducts(db, listing, rows, stocksAtVersion(db, versions.stocks)))
  return { contract, snapshot, versions, outcome, products }
}

/** Under the 'rrc' price policy the price a manager sees is the recommended one: sorting by price sorts by it. */
function sortingUnder(pricing: Pricing, sorting: CatalogueFilter['sorting']): CatalogueFilter['sorting'] {
  return sorting?.field === 'price' && priceBasis(pricing.policy) === 'price_rrc' ? { ...sorting, field: 'price_rrc' } : sorting
}

const pricesOf = (basePrices: FilterOutcome['basePrices'], pricing: Pricing): Prices => ({
  min: basePrices ? shownPriceOfBasis(pricing, basePrices.min) : 0,
  max: basePrices ? shownPriceOfBasis(pricing, basePrices.max) : 0,
  decimals: CATALOGUE_DEFAULTS.priceDecimals,
})

/** The parts of an answer that depend on the outcome alone, built once per outcome (and so serialised once, see filter-answer-json.ts). */
interface OutcomeParts {
  brands: { data: Counted[] }
  categoriesTree: CategoryCountNode[]
}
const partsByOutcome = new WeakMap<FilterOutcome, OutcomeParts>()

function outcomeParts(snapshot: CatalogueSnapshot, outcome: FilterOutcome): OutcomeParts {
  let parts = partsByOutcome.get(outcome)
  if (!parts) partsByOutcome.set(outcome, (parts = { brands: { data: outcome.brands }, categoriesTree: countedTree(snapshot.tree, outcome.categoryCounts) }))
  return parts
}

/** The answer of a search made for `filter`. */
export function filterAnswerOf({ contract, snapshot, outcome, products }: CatalogueSearch, filter: CatalogueFilter): FilterResponse {
  const { brands, categoriesTree } = outcomeParts(snapshot, outcome)
  return {
    brands,
    // the factor is positive and the policy keeps the order, so the basis' extremes are the shown prices' extremes
    prices: pricesOf(outcome.basePrices, contract),
    products,
    params: outcome.params,
    tags: outcome.tags,
    actualWms: snapshot.warehouses,
    categories_tree: categoriesTree,
    count: outcome.count,
    pagination: { page: filter.page, perpage: filter.perpage, pages: Math.ceil(outcome.count / filter.perpage) },
    contract: String(contract.id),
    warehouse: filter.warehouse,
  }
}

/** POST /api/filter/ (and /api/search/): one page of products and the facets. */
export async function runFilter(db: Db, user: SessionUser, filter: CatalogueFilter): Promise<FilterResponse> {
  return filterAnswerOf(await searchCatalogue(db, user, filter), filter)
}
