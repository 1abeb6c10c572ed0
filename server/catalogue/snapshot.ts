import { sql, type Kysely } from 'kysely'
import type { Warehouse } from '../../src/contract/account'
import type { SortDirection, SortField } from '../../src/contract/catalogue'
import type { CategoryNode } from '../../src/contract/catalogue-init'
import type { Db } from '../db/connection'
import type { Database } from '../db/schema'
import { catalogueTree } from './categories'
import { searchTextOf } from './search-text'
import { listWarehouses } from './warehouses'

/**
 * The catalogue as the filter needs it, in columns indexed by position (products in id order):
 * a facet pass over 50 000 products takes a few milliseconds in memory, against tens of
 * milliseconds of grouped queries per facet. Stock is not part of it (see availableAt).
 */
export interface CatalogueSnapshot {
  version: number
  size: number
  ids: Int32Array
  category: Int32Array
  brand: Int32Array
  price: Float64Array
  priceRrc: Float64Array
  header: string[]
  articul: string[]
  /** product i's parameters are paramId/paramValue[paramStart[i] .. paramStart[i + 1]) */
  paramStart: Int32Array
  paramId: Int32Array
  paramValue: Float64Array
  tagStart: Int32Array
  tagId: Int32Array
  indexOf: Map<number, number>
  brands: Map<number, string>
  params: { id: number; header: string; unit: string }[]
  tags: { id: number; header: string }[]
  tree: CategoryNode[]
  warehouses: Warehouse[]
  /** positions sorted by a field then id, built on first use */
  order: (field: SortField, direction: SortDirection) => Int32Array
  /** positions in the catalogue's own order: the sort weight, then id (sorting "none") */
  catalogueOrder: Int32Array
  /** which products' search text contains the (normalised) keyword, by position */
  containing: (keyword: string) => Uint8Array
}

type Versions = Record<'catalogue' | 'stocks', number>

interface Cache {
  snapshot?: CatalogueSnapshot
  loading?: Promise<CatalogueSnapshot>
  /** by warehouse: the versions the flags were read at, and the flags */
  availability: Map<number, { key: string; flags: Promise<Uint8Array> }>
}
const caches = new WeakMap<Db, Cache>()

function cacheOf(db: Db): Cache {
  let cache = caches.get(db)
  if (!cache) {
    cache = { availability: new Map() }
    caches.set(db, cache)
  }
  return cache
}

async function readVersions(db: Kysely<Database>): Promise<Versions> {
  const { rows } = await sql<{ name: keyof Versions; version: number | string }>`select name, version from catalogue_versions`.execute(db)
  const versions: Versions = { catalogue: 0, stocks: 0 }
  for (const row of rows) versions[row.name] = Number(row.version)
  return versions
}

/**
 * The catalogue at its current version: one small query per call, a reload only after a change.
 * A copy's version is read in the same transaction as its rows, so it is never labelled older
 * than they are; requests arriving during a reload share it.
 */
export async function currentCatalogue(db: Db): Promise<{ snapshot: CatalogueSnapshot; versions: Versions }> {
  const cache = cacheOf(db)
  const versions = await readVersions(db.kysely)
  while (!cache.snapshot || cache.snapshot.version < versions.catalogue) {
    cache.loading ??= loadSnapshot(db).finally(() => (cache.loading = undefined))
    cache.snapshot = await cache.loading
  }
  return { snapshot: cache.snapshot, versions }
}

/** Which products (by position) have free stock at the warehouse, read once per stock version. */
export function availableAt(db: Db, snapshot: CatalogueSnapshot, warehouseId: number, stockVersion: number): Promise<Uint8Array> {
  const cache = cacheOf(db)
  const key = `${snapshot.version}:${stockVersion}`
  const cached = cache.availability.get(warehouseId)
  if (cached?.key === key) return cached.flags
  const flags = db.kysely
    .selectFrom('stocks')
    .select('product_id')
    .where('warehouse_id', '=', warehouseId)
    .where('quantity', '>', 0)
    .execute()
    .then((rows) => {
      const available = new Uint8Array(snapshot.size)
      for (const row of rows) {
        const at = snapshot.indexOf.get(row.product_id)
        if (at !== undefined) available[at] = 1
      }
      return available
    })
  flags.catch(() => cache.availability.delete(warehouseId))
  cache.availability.set(warehouseId, { key, flags })
  return flags
}

async function loadSnapshot(db: Db): Promise<CatalogueSnapshot> {
  return db.kysely.transaction().execute(async (trx) => {
    if (db.dialect === 'postgres') await sql`set transaction isolation level repeatable read, read only`.execute(trx)
    const version = (await readVersions(trx)).catalogue
    const scoped: Db = { ...db, kysely: trx }
    const products = await trx
      .selectFrom('products')
      .select(['id', 'category_id', 'brand_id', 'price', 'price_rrc', 'header', 'articul', 'sort'])
      .orderBy('id')
      .execute()
    const params = await trx.selectFrom('product_params').select(['product_id', 'param_id', 'value']).orderBy('product_id').orderBy('param_id').execute()
    const tags = await trx.selectFrom('product_tags').select(['product_id', 'tag_id']).orderBy('product_id').orderBy('tag_id').execute()
    const [brands, paramList, tagList, tree, warehouses] = [
      await trx.selectFrom('brands').select(['id', 'header']).execute(),
      await trx.selectFrom('params').select(['id', 'header', 'unit']).orderBy('id').execute(),
      await trx.selectFrom('tags').select(['id', 'header']).orderBy('id').execute(),
      await catalogueTree(scoped),
      await listWarehouses(scoped),
    ]
    const size = products.length
    const indexOf = new Map(products.map((product, i) => [product.id, i]))
    const paramCsr = compressed(size, params, indexOf, (row) => row.param_id, (row) => row.value)
    const tagCsr = compressed(size, tags, indexOf, (row) => row.tag_id, () => 0)
    const snapshot: CatalogueSnapshot = {
      version,
      size,
      ids: Int32Array.from(products, (p) => p.id),
      category: Int32Array.from(products, (p) => p.category_id),
      brand: Int32Array.from(products, (p) => p.brand_id),
      price: Float64Array.from(products, (p) => p.price),
      priceRrc: Float64Array.from(products, (p) => p.price_rrc),
      header: products.map((p) => p.header),
      articul: products.map((p) => p.articul),
      paramStart: paramCsr.start,
      paramId: paramCsr.keys,
      paramValue: paramCsr.values,
      tagStart: tagCsr.start,
      tagId: tagCsr.keys,
      indexOf,
      brands: new Map(brands.map((brand) => [brand.id, brand.header])),
      params: paramList,
      tags: tagList,
      tree,
      warehouses,
      order: sortOrders(() => snapshot),
      catalogueOrder: Int32Array.from(products.keys()).sort((a, b) => products[a]!.sort - products[b]!.sort || products[a]!.id - products[b]!.id),
      containing: substringSearch(products.map(searchTextOf)),
    }
    return snapshot
  })
}

/** Rows grouped by product (the rows come in product order) as start offsets and flat arrays. */
function compressed<R extends { product_id: number }>(
  size: number,
  rows: readonly R[],
  indexOf: ReadonlyMap<number, number>,
  key: (row: R) => number,
  value: (row: R) => number,
) {
  const counts = new Int32Array(size)
  const kept = rows.filter((row) => indexOf.has(row.product_id))
  for (const row of kept) counts[indexOf.get(row.product_id)!]! += 1
  const start = new Int32Array(size + 1)
  for (let i = 0; i < size; i += 1) start[i + 1] = start[i]! + counts[i]!
  const keys = new Int32Array(kept.length)
  const values = new Float64Array(kept.length)
  const next = start.slice(0, size)
  for (const row of kept) {
    const at = next[indexOf.get(row.product_id)!]!++
    keys[at] = key(row)
    values[at] = value(row)
  }
  return { start, keys, values }
}

/** Text compares by code unit, as SQLite's BINARY and PostgreSQL's C collations do. */
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

function sortOrders(of: () => CatalogueSnapshot) {
  const built = new Map<string, Int32Array>()
  return (field: SortField, direction: SortDirection): Int32Array => {
    const key = `${field}:${direction}`
    let order = built.get(key)
    if (!order) {
      const s = of()
      const sign = direction === 'asc' ? 1 : -1
      const byField: (a: number, b: number) => number =
        field === 'price' || field === 'price_rrc'
          ? (a, b) => {
              const column = field === 'price' ? s.price : s.priceRrc
              return sign * (column[a]! - column[b]!)
            }
          : (a, b) => sign * compareText(s[field][a]!, s[field][b]!)
      order = Int32Array.from({ length: s.size }, (_, i) => i).sort((a, b) => byField(a, b) || s.ids[a]! - s.ids[b]!)
      built.set(key, order)
    }
    return order
  }
}

/**
 * Every product's search text in one string, one a line: a keyword is found by jumping from match
 * to match with indexOf (a fast substring search over the whole text) instead of testing 50 000
 * strings. A normalised keyword holds no line break, so a match never spans two products.
 */
function substringSearch(texts: readonly string[]) {
  const starts = new Int32Array(texts.length + 1)
  for (let i = 0; i < texts.length; i += 1) starts[i + 1] = starts[i]! + texts[i]!.length + 1
  const text = texts.join('\n')
  return (keyword: string): Uint8Array => {
    const found = new Uint8Array(texts.length)
    if (keyword === '') return found.fill(1)
    if (keyword.includes('\n')) return found
    let product = 0
    for (let at = text.indexOf(keyword); at !== -1; ) {
      // the product whose line holds the match: the last start at or before it
      let low = product
      let high = texts.length - 1
      while (low < high) {
        const middle = (low + high + 1) >> 1
        if (starts[middle]! <= at) low = middle
        else high = middle - 1
      }
      product = low
      found[product] = 1
      // on to the next product's line
      at = text.indexOf(keyword, starts[product + 1]!)
    }
    return found
  }
}
