import type { Warehouse } from '../../src/contract/account'
import type { SortDirection, SortField } from '../../src/contract/catalogue'
import type { CategoryNode } from '../../src/contract/catalogue-init'
import { countByCategory, type CategoryTotals } from './category-totals'
import { sortedPositions, type Pacer } from './pacing'
import { createSearchBuilder } from './substring-search'
import { textColumnBuilder, type TextColumn, type TextColumnBuilder } from './text-column'

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
  /** products changed in place since the copy was read whole (snapshot-patch.ts) */
  patchedRows: number
  /** ascending */
  ids: Int32Array
  category: Int32Array
  brand: Int32Array
  price: Float64Array
  priceRrc: Float64Array
  /** the catalogue's own order (sorting "none"): smaller first */
  sortWeight: Float64Array
  /** off the heap (text-column.ts) */
  header: TextColumn
  articul: TextColumn
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
  /** the facets per category (category-totals.ts), counted in the background after a copy is loaded: undefined until then */
  totals: () => CategoryTotals | undefined
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

/**
 * A slice of the full read in columns: the products in id order, their param and tag rows in
 * (product, param/tag) order. Each column comes as one JSON array from the database, much cheaper
 * to take than a row each.
 */
export interface ColumnChunk {
  ids: number[]
  category: number[]
  brand: number[]
  price: number[]
  priceRrc: number[]
  header: string[]
  articul: string[]
  sort: number[]
  paramProduct: number[]
  paramId: number[]
  paramValue: number[]
  tagProduct: number[]
  tagId: number[]
}

/** The columns by position, one product a position, products in id order. */
export type ProductColumns = Pick<
  CatalogueSnapshot,
  | 'ids'
  | 'category'
  | 'categoryAt'
  | 'brand'
  | 'brandAt'
  | 'price'
  | 'priceRrc'
  | 'sortWeight'
  | 'header'
  | 'articul'
  | 'paramStart'
  | 'paramAt'
  | 'paramValue'
  | 'tagStart'
  | 'tagAt'
>

/** Columns being written: the texts go to builders, in position order (see finishedColumns). */
export type ColumnsUnderWay = Omit<ProductColumns, 'header' | 'articul'> & { header: TextColumnBuilder; articul: TextColumnBuilder }

export const finishedColumns = (columns: ColumnsUnderWay): ProductColumns => ({
  ...columns,
  header: columns.header.finish(),
  articul: columns.articul.finish(),
})

/** What the copy holds besides the products: the small tables and their dense indexes. */
export type CatalogueStructure = Pick<
  CatalogueSnapshot,
  'brandList' | 'categoryIds' | 'brandIndex' | 'categoryIndex' | 'paramIndex' | 'tagIndex' | 'brands' | 'params' | 'tags' | 'tree' | 'warehouses'
>

const brandCollator = new Intl.Collator('ru')
const indexById = (ids: Iterable<number>) => new Map([...ids].map((id, i) => [id, i]))

const treeIds = (nodes: readonly CategoryNode[]): number[] => nodes.flatMap((node) => [Number(node.id), ...treeIds(node.children)])

/** A dense index by id; the foreign keys guarantee every id read in the same transaction is there. */
export function lookUp(index: ReadonlyMap<number, number>, id: number, what: string): number {
  const at = index.get(id)
  if (at === undefined) throw new Error(`catalogue snapshot: unknown ${what} ${id}`)
  return at
}

/** Ids up to this are looked up in a table by id (denseLookUp). */
const DENSE_IDS = 1 << 20

/**
 * lookUp through a table by id instead of the map when the ids are small, as the categories',
 * brands', params' and tags' are: the full read looks up millions of them.
 */
function denseLookUp(index: ReadonlyMap<number, number>, what: string): (id: number) => number {
  let last = -1
  for (const id of index.keys()) last = Number.isInteger(id) && id >= 0 && last !== Infinity ? Math.max(last, id) : Infinity
  if (last > DENSE_IDS) return (id) => lookUp(index, id, what)
  const table = new Int32Array(last + 1).fill(-1)
  for (const [id, at] of index) table[id] = at
  return (id) => {
    const at = id >= 0 && id <= last ? table[id]! : -1
    if (at < 0) throw new Error(`catalogue snapshot: unknown ${what} ${id}`)
    return at
  }
}

/** The small tables a copy's structure is made of. */
export type StructureTables = Pick<SnapshotTables, 'brands' | 'params' | 'tags' | 'tree' | 'warehouses'>

export function structureOf(tables: StructureTables): CatalogueStructure {
  const brandList = [...tables.brands].sort((a, b) => brandCollator.compare(a.header, b.header) || a.id - b.id)
  const categoryIds = Int32Array.from(treeIds(tables.tree))
  return {
    brandList,
    categoryIds,
    brandIndex: indexById(brandList.map((brand) => brand.id)),
    categoryIndex: indexById(categoryIds),
    paramIndex: indexById(tables.params.map((param) => param.id)),
    tagIndex: indexById(tables.tags.map((tag) => tag.id)),
    brands: new Map(tables.brands.map((b) => [b.id, b.header])),
    params: tables.params,
    tags: tables.tags,
    tree: tables.tree,
    warehouses: tables.warehouses,
  }
}

/** The structure of a copy, to share with the next one. */
export const structureOfSnapshot = (s: CatalogueSnapshot): CatalogueStructure => ({
  brandList: s.brandList,
  categoryIds: s.categoryIds,
  brandIndex: s.brandIndex,
  categoryIndex: s.categoryIndex,
  paramIndex: s.paramIndex,
  tagIndex: s.tagIndex,
  brands: s.brands,
  params: s.params,
  tags: s.tags,
  tree: s.tree,
  warehouses: s.warehouses,
})

/** The columns of a copy, to share with the next one. */
export const columnsOfSnapshot = (s: CatalogueSnapshot): ProductColumns => ({
  ids: s.ids,
  category: s.category,
  categoryAt: s.categoryAt,
  brand: s.brand,
  brandAt: s.brandAt,
  price: s.price,
  priceRrc: s.priceRrc,
  sortWeight: s.sortWeight,
  header: s.header,
  articul: s.articul,
  paramStart: s.paramStart,
  paramAt: s.paramAt,
  paramValue: s.paramValue,
  tagStart: s.tagStart,
  tagAt: s.tagAt,
})

/** Empty columns for `size` products with that many param and tag rows. */
export function allocateColumns(size: number, paramRows: number, tagRows: number): ColumnsUnderWay {
  return {
    ids: new Int32Array(size),
    category: new Int32Array(size),
    categoryAt: new Int32Array(size),
    brand: new Int32Array(size),
    brandAt: new Int32Array(size),
    price: new Float64Array(size),
    priceRrc: new Float64Array(size),
    sortWeight: new Float64Array(size),
    header: textColumnBuilder(size),
    articul: textColumnBuilder(size),
    paramStart: new Int32Array(size + 1),
    paramAt: new Int32Array(paramRows),
    paramValue: new Float64Array(paramRows),
    tagStart: new Int32Array(size + 1),
    tagAt: new Int32Array(tagRows),
  }
}

/** A product's own columns at position i, the next one (its params and tags are written by the caller, in order). */
export function writeProduct(columns: ColumnsUnderWay, structure: CatalogueStructure, i: number, product: ProductRecord) {
  columns.ids[i] = product.id
  columns.category[i] = product.category_id
  columns.categoryAt[i] = lookUp(structure.categoryIndex, product.category_id, 'category')
  columns.brand[i] = product.brand_id
  columns.brandAt[i] = lookUp(structure.brandIndex, product.brand_id, 'brand')
  columns.price[i] = product.price
  columns.priceRrc[i] = product.price_rrc
  columns.sortWeight[i] = product.sort
  columns.header.put(i, product.header)
  columns.articul.put(i, product.articul)
}

/**
 * Fills the snapshot's columns chunk by chunk as the rows arrive, then builds the orders and the
 * search text in slices (`finish`), so that a reload never holds the thread for long.
 */
export function createSnapshotBuilder(tables: SnapshotTables) {
  const { size } = tables
  const structure = structureOf(tables)
  const columns = allocateColumns(size, tables.paramRows, tables.tagRows)
  const { paramStart, paramAt, paramValue, tagStart, tagAt } = columns
  const search = createSearchBuilder()
  const [categoryAt, brandAt, paramOf, tagOf] = [
    denseLookUp(structure.categoryIndex, 'category'),
    denseLookUp(structure.brandIndex, 'brand'),
    denseLookUp(structure.paramIndex, 'param'),
    denseLookUp(structure.tagIndex, 'tag'),
  ]
  let filled = 0
  let params = 0
  let tags = 0

  function add(chunk: ColumnChunk) {
    const { ids, category, brand, price, priceRrc, header, articul, sort, paramProduct, paramId, tagProduct, tagId } = chunk
    if (filled + ids.length > size) throw new Error('catalogue snapshot: more products than counted')
    if (ids.length > 0 && filled > 0 && ids[0]! <= columns.ids[filled - 1]!) throw new Error('catalogue snapshot: products out of id order')
    let p = 0
    let t = 0
    for (let k = 0; k < ids.length; k += 1) {
      const i = filled
      const id = ids[k]!
      if (k > 0 && id <= ids[k - 1]!) throw new Error('catalogue snapshot: products out of id order')
      columns.ids[i] = id
      columns.category[i] = category[k]!
      columns.categoryAt[i] = categoryAt(category[k]!)
      columns.brand[i] = brand[k]!
      columns.brandAt[i] = brandAt(brand[k]!)
      columns.price[i] = price[k]!
      columns.priceRrc[i] = priceRrc[k]!
      columns.sortWeight[i] = sort[k]!
      columns.header.put(i, header[k]!)
      columns.articul.put(i, articul[k]!)
      search.addProduct(header[k]!, articul[k]!)
      // the chunk's param and tag rows come in product order, as the products do
      while (p < paramProduct.length && paramProduct[p] === id) {
        paramAt[params] = paramOf(paramId[p]!)
        paramValue[params++] = chunk.paramValue[p++]!
      }
      while (t < tagProduct.length && tagProduct[t] === id) tagAt[tags++] = tagOf(tagId[t++]!)
      filled += 1
      paramStart[filled] = params
      tagStart[filled] = tags
    }
    if (p !== paramProduct.length || t !== tagProduct.length) throw new Error('catalogue snapshot: param or tag rows out of product order')
  }

  async function finish(pacer: Pacer): Promise<CatalogueSnapshot> {
    if (filled !== size) throw new Error(`catalogue snapshot: ${filled} products read, ${size} counted`)
    const containing = search.finish()
    await pacer.rest()
    return assembleSnapshot(
      {
        version: tables.version,
        structure,
        columns: {
          ...finishedColumns(columns),
          paramAt: paramAt.subarray(0, params),
          paramValue: paramValue.subarray(0, params),
          tagAt: tagAt.subarray(0, tags),
        },
        containing,
        positionOf: positionLookup(columns.ids),
        patchedRows: 0,
        sorted: new Map(),
      },
      pacer,
    )
  }

  return { add, finish }
}

const orderKey = (name: OrderName, direction: SortDirection) => `${name}:${direction}`

/** Comparators of positions by each order, over the columns; ties go by id ascending both ways, and positions follow ids. */
export function comparatorsOf(columns: ProductColumns) {
  const { sortWeight, price, priceRrc, header, articul } = columns
  const byValue: Record<OrderName, (a: number, b: number) => number> = {
    catalogue: (a, b) => sortWeight[a]! - sortWeight[b]!,
    price: (a, b) => price[a]! - price[b]!,
    price_rrc: (a, b) => priceRrc[a]! - priceRrc[b]!,
    header: (a, b) => header.compare(a, b),
    articul: (a, b) => articul.compare(a, b),
  }
  const comparators = new Map<string, (a: number, b: number) => number>()
  const compare = (name: OrderName, direction: SortDirection) => {
    const key = orderKey(name, direction)
    let comparator = comparators.get(key)
    if (!comparator) {
      const value = byValue[name]
      comparator = direction === 'asc' ? (a, b) => value(a, b) || a - b : (a, b) => value(b, a) || a - b
      comparators.set(key, comparator)
    }
    return comparator
  }
  return { byValue, compare }
}

/** The orders a copy can have sorted: sorting "none" goes one way only. */
export const ORDER_KEYS: readonly (readonly [OrderName, SortDirection])[] = [
  ['catalogue', 'asc'],
  ...(['header', 'price', 'articul', 'price_rrc'] as const).flatMap((name) => [[name, 'asc'] as const, [name, 'desc'] as const]),
]

/**
 * The snapshot over its columns and structure, with the orders in `sorted` (by "name:direction")
 * and the others sorted in the background, the sort weight's first (sorting "none" is the
 * catalogue's default).
 */
export function assembleSnapshot(
  parts: {
    version: number
    structure: CatalogueStructure
    columns: ProductColumns
    containing: (keyword: string) => Uint8Array
    positionOf: (id: number) => number | undefined
    patchedRows: number
    sorted: Map<string, Int32Array>
    /** the totals of a copy with the same categories, brands, params and tags; counted anew when absent */
    totals?: CategoryTotals
  },
  pacer: Pacer,
): CatalogueSnapshot {
  const { columns, sorted } = parts
  let totals = parts.totals
  const size = columns.ids.length
  const { byValue, compare } = comparatorsOf(columns)
  const install = (name: OrderName, order: Int32Array) => {
    sorted.set(orderKey(name, 'asc'), order)
    if (name !== 'catalogue') sorted.set(orderKey(name, 'desc'), reversedKeepingTies(order, byValue[name]))
  }
  const snapshot: CatalogueSnapshot = {
    version: parts.version,
    size,
    patchedRows: parts.patchedRows,
    ...columns,
    ...parts.structure,
    positionOf: parts.positionOf,
    sortedBy: (name, direction) => sorted.get(orderKey(name, direction)),
    compare,
    order: (field, direction) => {
      if (!sorted.has(orderKey(field, direction))) install(field, Int32Array.from({ length: size }, (_, i) => i).sort(compare(field, 'asc')))
      return sorted.get(orderKey(field, direction))!
    },
    containing: parts.containing,
    totals: () => totals,
  }
  void (async () => {
    // one pass: it serves the catalogue-only filters, the default page among them, before any order is sorted
    totals ??= await countByCategory(
      {
        ...columns,
        categories: parts.structure.categoryIds.length,
        brands: parts.structure.brandList.length,
        tags: parts.structure.tags.length,
        params: parts.structure.params.length,
      },
      pacer,
    )
    for (const name of ['catalogue', 'header', 'price', 'articul', 'price_rrc'] as const) {
      if (sorted.has(orderKey(name, 'asc'))) continue
      const order = await sortedPositions(size, compare(name, 'asc'), pacer)
      if (!sorted.has(orderKey(name, 'asc'))) install(name, order)
    }
  })().catch((error: unknown) => console.error('Порядки сортировки каталога не построены, страницы выбираются без них:', error))
  return snapshot
}

/**
 * The descending order from the ascending one in one pass: reversed, but products with equal
 * values stay in id order, as both directions break ties by id ascending.
 */
function reversedKeepingTies(ascending: Int32Array, byValue: (a: number, b: number) => number): Int32Array {
  const order = new Int32Array(ascending.length)
  let k = 0
  for (let end = ascending.length; end > 0;) {
    let start = end - 1
    while (start > 0 && byValue(ascending[start - 1]!, ascending[end - 1]!) === 0) start -= 1
    order.set(ascending.subarray(start, end), k)
    k += end - start
    end = start
  }
  return order
}

/** Ids ascend with position: a direct table when they are about as many as the products, else a binary search. */
export function positionLookup(ids: Int32Array): (id: number) => number | undefined {
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
