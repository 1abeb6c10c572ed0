import type { Warehouse } from '../../src/contract/account'
import type { SortDirection, SortField } from '../../src/contract/catalogue'
import type { CategoryNode } from '../../src/contract/catalogue-init'
import { sortedPositions, type Pacer } from './pacing'
import { searchTextOf } from './search-text'
import { substringSearch } from './substring-search'

/**
 * The catalogue as the filter needs it, in columns indexed by position (products in id order):
 * a facet pass over 100 000 products takes a few milliseconds in memory, against tens of
 * milliseconds of grouped queries per facet. Stock is not part of it (see availableAt).
 *
 * Brands, categories, params and tags also have dense indexes (`brandAt`, `categoryAt`, `paramAt`,
 * `tagAt`) so the engine counts into small typed arrays instead of maps; brands are indexed in
 * the facet's own order (header, then id), so the facet needs no sort per request.
 */
export interface CatalogueSnapshot {
  version: number
  size: number
  /** ascending */
  ids: Int32Array
  category: Int32Array
  brand: Int32Array
  price: Float64Array
  priceRrc: Float64Array
  header: string[]
  articul: string[]
  /** product i's parameters are paramAt/paramValue[paramStart[i] .. paramStart[i + 1]), paramAt indexing `params` */
  paramStart: Int32Array
  paramAt: Int32Array
  paramValue: Float64Array
  /** product i's tags are tagAt[tagStart[i] .. tagStart[i + 1]), indexing `tags` */
  tagStart: Int32Array
  tagAt: Int32Array
  brandAt: Int32Array
  /** brands by dense index, in the facet's order */
  brandList: { id: number; header: string }[]
  categoryAt: Int32Array
  /** category ids by dense index */
  categoryIds: Int32Array
  /** dense indexes by id */
  brandIndex: Map<number, number>
  categoryIndex: Map<number, number>
  paramIndex: Map<number, number>
  tagIndex: Map<number, number>
  brands: Map<number, string>
  params: { id: number; header: string; unit: string }[]
  tags: { id: number; header: string }[]
  tree: CategoryNode[]
  warehouses: Warehouse[]
  /** the position of a product id, or undefined */
  positionOf: (id: number) => number | undefined
  /**
   * Positions sorted by a field, or by the catalogue's own order (the sort weight, for sorting
   * "none"), then id. They are sorted in the background after a copy is loaded, so a fresh copy
   * serves sooner: until then `sortedBy` is undefined and the engine selects its page by `compare`.
   */
  sortedBy: (name: OrderName, direction: SortDirection) => Int32Array | undefined
  /** how two positions compare in that order (positions follow ids, so ties go by position) */
  compare: (name: OrderName, direction: SortDirection) => (a: number, b: number) => number
  /** as sortedBy, sorted right now if the background has not got there yet */
  order: (field: SortField, direction: SortDirection) => Int32Array
  /** which products' search text contains the (normalised) keyword, by position */
  containing: (keyword: string) => Uint8Array
}

/** A sort field, or the catalogue's own order. */
export type OrderName = SortField | 'catalogue'

export interface ProductRecord {
  id: number
  category_id: number
  brand_id: number
  price: number
  price_rrc: number
  header: string
  articul: string
  sort: number
}

/** The small tables, read in the same transaction as the products. */
export interface SnapshotTables {
  version: number
  size: number
  /** row counts of product_params and product_tags, to size their columns */
  paramRows: number
  tagRows: number
  brands: { id: number; header: string }[]
  params: { id: number; header: string; unit: string }[]
  tags: { id: number; header: string }[]
  tree: CategoryNode[]
  warehouses: Warehouse[]
}

/** One slice of products in id order, with their param and tag rows in (product, param/tag) order. */
export interface ProductChunk {
  products: ProductRecord[]
  params: { product_id: number; param_id: number; value: number }[]
  tags: { product_id: number; tag_id: number }[]
}

const brandCollator = new Intl.Collator('ru')
const indexById = (ids: Iterable<number>) => new Map([...ids].map((id, i) => [id, i]))

const treeIds = (nodes: readonly CategoryNode[]): number[] => nodes.flatMap((node) => [Number(node.id), ...treeIds(node.children)])

/** Text compares by code unit, as SQLite's BINARY and PostgreSQL's C collations do. */
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

/** A dense index by id; the foreign keys guarantee every id read in the same transaction is there. */
function lookUp(index: ReadonlyMap<number, number>, id: number, what: string): number {
  const at = index.get(id)
  if (at === undefined) throw new Error(`catalogue snapshot: unknown ${what} ${id}`)
  return at
}

/**
 * Fills the snapshot's columns chunk by chunk as the rows arrive, then builds the orders and the
 * search text in slices (`finish`), so that a reload never holds the thread for long.
 */
export function createSnapshotBuilder(tables: SnapshotTables) {
  const { size } = tables
  const brandList = [...tables.brands].sort((a, b) => brandCollator.compare(a.header, b.header) || a.id - b.id)
  const categoryIds = Int32Array.from(treeIds(tables.tree))
  const brandIndex = indexById(brandList.map((brand) => brand.id))
  const categoryIndex = indexById(categoryIds)
  const paramIndex = indexById(tables.params.map((param) => param.id))
  const tagIndex = indexById(tables.tags.map((tag) => tag.id))

  const ids = new Int32Array(size)
  const category = new Int32Array(size)
  const categoryAt = new Int32Array(size)
  const brand = new Int32Array(size)
  const brandAt = new Int32Array(size)
  const price = new Float64Array(size)
  const priceRrc = new Float64Array(size)
  const sortWeight = new Float64Array(size)
  const header: string[] = []
  const articul: string[] = []
  const texts: string[] = []
  const paramStart = new Int32Array(size + 1)
  const paramAt = new Int32Array(tables.paramRows)
  const paramValue = new Float64Array(tables.paramRows)
  const tagStart = new Int32Array(size + 1)
  const tagAt = new Int32Array(tables.tagRows)
  let filled = 0
  let params = 0
  let tags = 0

  function add(chunk: ProductChunk) {
    let p = 0
    let t = 0
    for (const product of chunk.products) {
      const i = filled
      if (i >= size) throw new Error('catalogue snapshot: more products than counted')
      ids[i] = product.id
      category[i] = product.category_id
      categoryAt[i] = lookUp(categoryIndex, product.category_id, 'category')
      brand[i] = product.brand_id
      brandAt[i] = lookUp(brandIndex, product.brand_id, 'brand')
      price[i] = product.price
      priceRrc[i] = product.price_rrc
      sortWeight[i] = product.sort
      header.push(product.header)
      articul.push(product.articul)
      texts.push(searchTextOf(product))
      // the chunk's param and tag rows come in product order, as the products do
      while (p < chunk.params.length && chunk.params[p]!.product_id === product.id) {
        const row = chunk.params[p++]!
        paramAt[params] = lookUp(paramIndex, row.param_id, 'param')
        paramValue[params++] = row.value
      }
      while (t < chunk.tags.length && chunk.tags[t]!.product_id === product.id) tagAt[tags++] = lookUp(tagIndex, chunk.tags[t++]!.tag_id, 'tag')
      filled += 1
      paramStart[filled] = params
      tagStart[filled] = tags
    }
    if (p !== chunk.params.length || t !== chunk.tags.length) throw new Error('catalogue snapshot: param or tag rows out of product order')
  }

  async function finish(pacer: Pacer): Promise<CatalogueSnapshot> {
    if (filled !== size) throw new Error(`catalogue snapshot: ${filled} products read, ${size} counted`)
    const byValue: Record<OrderName, (a: number, b: number) => number> = {
      catalogue: (a, b) => sortWeight[a]! - sortWeight[b]!,
      price: (a, b) => price[a]! - price[b]!,
      price_rrc: (a, b) => priceRrc[a]! - priceRrc[b]!,
      header: (a, b) => compareText(header[a]!, header[b]!),
      articul: (a, b) => compareText(articul[a]!, articul[b]!),
    }
    const comparators = new Map<string, (a: number, b: number) => number>()
    const compare = (name: OrderName, direction: SortDirection) => {
      const key = `${name}:${direction}`
      let comparator = comparators.get(key)
      if (!comparator) {
        const value = byValue[name]
        // ties go by id ascending both ways, and positions follow ids
        comparator = direction === 'asc' ? (a, b) => value(a, b) || a - b : (a, b) => value(b, a) || a - b
        comparators.set(key, comparator)
      }
      return comparator
    }
    const sorted = new Map<string, Int32Array>()
    const install = (name: OrderName, order: Int32Array) => {
      sorted.set(`${name}:asc`, order)
      // sorting "none" goes one way only
      if (name !== 'catalogue') sorted.set(`${name}:desc`, reversedKeepingTies(order, byValue[name]))
    }
    const containing = await substringSearch(texts, pacer)
    // the snapshot's closures keep this scope alive: the texts live on only in the joined search text
    texts.length = 0
    await pacer.rest()
    const snapshot: CatalogueSnapshot = {
      version: tables.version,
      size,
      ids,
      category,
      brand,
      price,
      priceRrc,
      header,
      articul,
      paramStart,
      paramAt: paramAt.subarray(0, params),
      paramValue: paramValue.subarray(0, params),
      tagStart,
      tagAt: tagAt.subarray(0, tags),
      brandAt,
      brandList,
      categoryAt,
      categoryIds,
      brandIndex,
      categoryIndex,
      paramIndex,
      tagIndex,
      brands: new Map(tables.brands.map((b) => [b.id, b.header])),
      params: tables.params,
      tags: tables.tags,
      tree: tables.tree,
      warehouses: tables.warehouses,
      positionOf: positionLookup(ids),
      sortedBy: (name, direction) => sorted.get(`${name}:${direction}`),
      compare,
      order: (field, direction) => {
        if (!sorted.has(`${field}:asc`)) install(field, Int32Array.from({ length: size }, (_, i) => i).sort(compare(field, 'asc')))
        return sorted.get(`${field}:${direction}`)!
      },
      containing,
    }
    // the sort weight's order first: sorting "none" is the catalogue's default
    void (async () => {
      for (const name of ['catalogue', 'header', 'price', 'articul', 'price_rrc'] as const) {
        const order = await sortedPositions(size, compare(name, 'asc'), pacer)
        if (!sorted.has(`${name}:asc`)) install(name, order)
      }
    })().catch((error: unknown) => console.error('Порядки сортировки каталога не построены, страницы выбираются без них:', error))
    return snapshot
  }

  return { add, finish }
}

/**
 * The descending order from the ascending one in one pass: reversed, but products with equal
 * values stay in id order, as both directions break ties by id ascending.
 */
function reversedKeepingTies(ascending: Int32Array, byValue: (a: number, b: number) => number): Int32Array {
  const order = new Int32Array(ascending.length)
  let k = 0
  for (let end = ascending.length; end > 0; ) {
    let start = end - 1
    while (start > 0 && byValue(ascending[start - 1]!, ascending[end - 1]!) === 0) start -= 1
    order.set(ascending.subarray(start, end), k)
    k += end - start
    end = start
  }
  return order
}

/** Ids ascend with position: a direct table when they are about as many as the products, else a binary search. */
function positionLookup(ids: Int32Array): (id: number) => number | undefined {
  const last = ids.length > 0 ? ids[ids.length - 1]! : 0
  if (last <= 2 * ids.length + 1024) {
    const table = new Int32Array(last + 1).fill(-1)
    ids.forEach((id, i) => (table[id] = i))
    return (id) => (id >= 0 && id <= last && table[id] !== -1 ? table[id] : undefined)
  }
  return (id) => {
    let low = 0
    let high = ids.length - 1
    while (low <= high) {
      const middle = (low + high) >> 1
      if (ids[middle] === id) return middle
      if (ids[middle]! < id) low = middle + 1
      else high = middle - 1
    }
    return undefined
  }
}
