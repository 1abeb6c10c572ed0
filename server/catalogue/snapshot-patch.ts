import type { Pacer } from './pacing'
import { searchTextOf } from './search-text'
import type { CatalogueChanges } from './snapshot-changes'
import {
  allocateColumns,
  assembleSnapshot,
  columnsOfSnapshot,
  comparatorsOf,
  lookUp,
  ORDER_KEYS,
  positionLookup,
  structureOfSnapshot,
  writeProduct,
  finishedColumns,
  type CatalogueSnapshot,
  type ColumnsUnderWay,
} from './snapshot-columns'
import { columnRecycler } from './recycled-columns'
import { noteReordered } from './reordered-orders'
import { losesEntries, refersToGone, restructured } from './snapshot-restructure'
import { patchedSearch } from './substring-search'

/**
 * A new copy of the catalogue with a few changed products taken in place. The copy read before
 * is left as it was: requests under way keep answering from it. A changed structure (brands,
 * params, tags, categories, warehouses) is taken first, as labels (see restructured).
 */
export async function patchSnapshot(served: CatalogueSnapshot, changes: CatalogueChanges, pacer: Pacer): Promise<CatalogueSnapshot | undefined> {
  const s = changes.structure ? restructured(served, changes.structure, pacer) : served
  const sameProducts = changes.products.length === changes.touched.length && changes.touched.every((id) => s.positionOf(id) !== undefined)
  const patched = (sameProducts && (await changedInPlace(s, changes, pacer, columnRecycler(served, pacer)))) || (await addedOrDeleted(s, changes, pacer))
  // a product left referring to a removed brand, category, param or tag: read the copy anew
  return changes.structure && losesEntries(served, changes.structure) && refersToGone(patched) ? undefined : patched
}

/** the columns the totals per category are counted from (category-totals.ts) */
const TOTALLED_COLUMNS = ['categoryAt', 'brandAt', 'paramAt', 'paramValue', 'tagAt'] as const

const VALUE_COLUMNS = ['category', 'categoryAt', 'brand', 'brandAt', 'price', 'priceRrc', 'sortWeight'] as const
const TEXT_COLUMNS = ['header', 'articul'] as const
/** the column each sorted order goes by */
const ORDER_COLUMN = { catalogue: 'sortWeight', price: 'price', price_rrc: 'priceRrc', header: 'header', articul: 'articul' } as const

/**
 * No product added or deleted, and each changed one keeps its number of params and tags: the
 * positions stay, and only what changed is copied (copy on write): a column where a changed
 * product's value differs, a sorted order by such a column (the changed products taken out and
 * put back by binary search), the search when a header or articul changed. The rest is shared.
 * Changed numeric columns and orders are copied into the buffers the patch before gave up (see
 * recycled-columns.ts). Undefined when a changed product's number of params or tags changed.
 */
async function changedInPlace(
  s: CatalogueSnapshot,
  changes: CatalogueChanges,
  pacer: Pacer,
  recycler: ReturnType<typeof columnRecycler>,
): Promise<CatalogueSnapshot | undefined> {
  const at = changes.products.map((product) => s.positionOf(product.id)!)
  const paramsOf = groupByProduct(changes.params)
  const tagsOf = groupByProduct(changes.tags)
  // the changed products' rows, written as a copy of their own
  const rows = allocateColumns(at.length, changes.params.length, changes.tags.length)
  changes.products.forEach((product, j) => {
    writeProduct(rows, s, j, product)
    writeRelations(rows, s, j, paramsOf.get(product.id) ?? [], tagsOf.get(product.id) ?? [])
  })
  const rowCount = (start: Int32Array, i: number) => start[i + 1]! - start[i]!
  if (at.some((i, j) => rowCount(s.paramStart, i) !== rowCount(rows.paramStart, j) || rowCount(s.tagStart, i) !== rowCount(rows.tagStart, j)))
    return undefined

  const columns = columnsOfSnapshot(s)
  const changedIn = new Map<string, number[]>()
  for (const name of VALUE_COLUMNS) {
    const changed = at.filter((i, j) => rows[name][j] !== s[name][i])
    if (changed.length === 0) continue
    changedIn.set(name, changed)
    const column = await recycler.copyOf(name, s[name])
    at.forEach((i, j) => (column[i] = rows[name][j]!))
    ;(columns as Record<string, unknown>)[name] = column
  }
  for (const name of TEXT_COLUMNS) {
    // a changed text is kept beside the column's pages (text-column.ts)
    const texts = new Map<number, string>()
    at.forEach((i, j) => {
      const text = changes.products[j]![name]
      if (s[name].at(i) !== text) texts.set(i, text)
    })
    if (texts.size === 0) continue
    changedIn.set(name, [...texts.keys()])
    columns[name] = s[name].with(texts)
  }
  const overwriteRows = (start: Int32Array, rowStart: Int32Array, pairs: [Int32Array | Float64Array, Int32Array | Float64Array][]) =>
    pairs.map(([old, fresh]) => {
      if (at.every((i, j) => old.subarray(start[i]!, start[i + 1]!).every((value, r) => value === fresh[rowStart[j]! + r]))) return old
      const column = old.slice()
      at.forEach((i, j) => column.set(fresh.subarray(rowStart[j]!, rowStart[j + 1]!), start[i]!))
      return column
    })
  ;[columns.paramAt, columns.paramValue] = overwriteRows(s.paramStart, rows.paramStart, [
    [s.paramAt, rows.paramAt],
    [s.paramValue, rows.paramValue],
  ]) as [Int32Array, Float64Array]
  ;[columns.tagAt] = overwriteRows(s.tagStart, rows.tagStart, [[s.tagAt, rows.tagAt]]) as [Int32Array]

  const { compare } = comparatorsOf(columns)
  const sorted = new Map<string, Int32Array>()
  for (const [name, direction] of ORDER_KEYS) {
    const order = s.sortedBy(name, direction)
    const moved = changedIn.get(ORDER_COLUMN[name])
    const key = `${name}:${direction}`
    const copyOf = (from: Int32Array) => recycler.copyOf(key, from)
    const result = order && moved ? await reordered(order, moved, s.compare(name, direction), compare(name, direction), copyOf) : order
    if (order && result) sorted.set(key, result)
    if (order && result && moved && moved.length <= MOVES) noteReordered(result, order, moved)
    if (pacer.due()) await pacer.rest()
  }
  const texts = new Map<number, string>()
  for (const i of new Set([...(changedIn.get('header') ?? []), ...(changedIn.get('articul') ?? [])]))
    texts.set(i, searchTextOf({ header: columns.header.at(i), articul: columns.articul.at(i) }))
  const patched = assembleSnapshot(
    {
      version: changes.version,
      structure: structureOfSnapshot(s),
      columns,
      containing: texts.size > 0 ? patchedSearch(s.containing, s.size, undefined, texts) : s.containing,
      positionOf: s.positionOf,
      patchedRows: s.patchedRows + changes.touched.length,
      sorted,
      // a price, a name or a sort weight changed: the totals per category stay
      totals: TOTALLED_COLUMNS.every((name) => columns[name] === s[name]) ? s.totals() : undefined,
    },
    pacer,
  )
  recycler.adopt(patched)
  return patched
}

/** The first index of `order` whose position `compare` does not put before `position`. */
function searchOrder(order: Int32Array, length: number, position: number, compare: (a: number, b: number) => number): number {
  let low = 0
  let high = length
  while (low < high) {
    const middle = (low + high) >> 1
    if (compare(order[middle]!, position) < 0) low = middle + 1
    else high = middle
  }
  return low
}

/** Past this many changed products, one pass over the order beats a memory move each. */
const MOVES = 32

/**
 * A sorted order with the positions in `changed` moved to where their new values put them: each
 * found by the old comparator and taken out, then put back by the new one (memory moves, and a
 * binary search each, in the order's copy `copyOf` gives, instead of a pass over every product).
 */
async function reordered(
  order: Int32Array,
  changed: number[],
  before: (a: number, b: number) => number,
  after: (a: number, b: number) => number,
  copyOf: (order: Int32Array) => Promise<Int32Array>,
): Promise<Int32Array> {
  if (changed.length > MOVES) {
    const moved = new Int32Array(order.length)
    for (let i = 0; i < moved.length; i += 1) moved[i] = i
    for (const position of changed) moved[position] = -1
    return movedOrder(order, moved, changed, after, order.length)
  }
  const result = await copyOf(order)
  let length = result.length
  for (const position of changed) {
    const index = searchOrder(result, length, position, before)
    result.copyWithin(index, index + 1, length)
    length -= 1
  }
  for (const position of changed) {
    const index = searchOrder(result, length, position, after)
    result.copyWithin(index + 1, index, length)
    result[index] = position
    length += 1
  }
  return result
}

/**
 * Products added or deleted (or a product's number of params or tags changed): the unchanged
 * ones' columns copied over in runs, the sorted orders kept with the changed products moved to
 * their new places (a binary search each), the search text kept with the changed products'
 * texts beside it.
 */
async function addedOrDeleted(s: CatalogueSnapshot, changes: CatalogueChanges, pacer: Pacer): Promise<CatalogueSnapshot> {
  const now = new Map(changes.products.map((product) => [product.id, product]))
  const paramsOf = groupByProduct(changes.params)
  const tagsOf = groupByProduct(changes.tags)
  const dropped = changes.touched.filter((id) => s.positionOf(id) !== undefined)
  const rowsOf = (start: Int32Array, id: number) => start[s.positionOf(id)! + 1]! - start[s.positionOf(id)!]!
  const size = s.size - dropped.length + changes.products.length
  const written = allocateColumns(
    size,
    s.paramAt.length - dropped.reduce((n, id) => n + rowsOf(s.paramStart, id), 0) + changes.params.length,
    s.tagAt.length - dropped.reduce((n, id) => n + rowsOf(s.tagStart, id), 0) + changes.tags.length,
  )
  /** where each product of the old copy is in the new one; -1 for a changed or deleted one */
  const moved = new Int32Array(s.size)
  const texts = new Map<number, string>()
  let from = 0
  let to = 0
  const copyUnchangedUpTo = (end: number) => {
    copyRun(s, written, from, end, to)
    for (let i = from; i < end; i += 1) moved[i] = to + i - from
    to += end - from
    from = end
  }
  for (const id of changes.touched) {
    const was = s.positionOf(id)
    copyUnchangedUpTo(was ?? lowerBound(s.ids, id))
    if (was !== undefined) {
      moved[was] = -1
      from = was + 1
    }
    const product = now.get(id)
    if (!product) continue
    writeProduct(written, s, to, product)
    writeRelations(written, s, to, paramsOf.get(id) ?? [], tagsOf.get(id) ?? [])
    texts.set(to, searchTextOf(product))
    to += 1
  }
  copyUnchangedUpTo(s.size)
  if (to !== size) throw new Error(`catalogue patch: ${to} products written, ${size} expected`)
  const columns = finishedColumns(written)

  const sameIds = dropped.length === changes.touched.length && changes.products.length === dropped.length
  const changedAt = [...texts.keys()]
  const { compare } = comparatorsOf(columns)
  const sorted = new Map<string, Int32Array>()
  for (const [name, direction] of ORDER_KEYS) {
    const order = s.sortedBy(name, direction)
    if (!order) continue
    sorted.set(`${name}:${direction}`, movedOrder(order, moved, changedAt, compare(name, direction), size))
    if (pacer.due()) await pacer.rest()
  }
  return assembleSnapshot(
    {
      version: changes.version,
      structure: structureOfSnapshot(s),
      columns,
      containing: patchedSearch(s.containing, size, moved, texts),
      positionOf: sameIds ? s.positionOf : positionLookup(columns.ids),
      patchedRows: s.patchedRows + changes.touched.length,
      sorted,
    },
    pacer,
  )
}

function groupByProduct<Row extends { product_id: number }>(rows: readonly Row[]): Map<number, Row[]> {
  const groups = new Map<number, Row[]>()
  for (const row of rows) {
    const group = groups.get(row.product_id)
    if (group) group.push(row)
    else groups.set(row.product_id, [row])
  }
  return groups
}

/** The first position whose id is not below `id`. */
function lowerBound(ids: Int32Array, id: number): number {
  let low = 0
  let high = ids.length
  while (low < high) {
    const middle = (low + high) >> 1
    if (ids[middle]! < id) low = middle + 1
    else high = middle
  }
  return low
}

/** Old positions [from, end) to new positions from `to`, with their param and tag rows. */
function copyRun(s: CatalogueSnapshot, columns: ColumnsUnderWay, from: number, end: number, to: number) {
  if (end <= from) return
  for (const name of ['ids', 'category', 'categoryAt', 'brand', 'brandAt', 'price', 'priceRrc', 'sortWeight'] as const) {
    ;(columns[name] as Int32Array | Float64Array).set(s[name].subarray(from, end), to)
  }
  columns.header.putRun(s.header, from, end, to)
  columns.articul.putRun(s.articul, from, end, to)
  copyRows(s.paramStart, columns.paramStart, from, end, to, [
    [s.paramAt, columns.paramAt],
    [s.paramValue, columns.paramValue],
  ])
  copyRows(s.tagStart, columns.tagStart, from, end, to, [[s.tagAt, columns.tagAt]])
}

/** The rows of products [from, end) (by `start` offsets) to their new offsets from product `to`, whose start is already written. */
function copyRows(
  start: Int32Array,
  newStart: Int32Array,
  from: number,
  end: number,
  to: number,
  rows: [Int32Array | Float64Array, Int32Array | Float64Array][],
) {
  const shift = newStart[to]! - start[from]!
  for (const [old, fresh] of rows) fresh.set(old.subarray(start[from]!, start[end]!), newStart[to]!)
  for (let i = from; i < end; i += 1) newStart[to + i - from + 1] = start[i + 1]! + shift
}

function writeRelations(columns: ColumnsUnderWay, s: CatalogueSnapshot, i: number, params: CatalogueChanges['params'], tags: CatalogueChanges['tags']) {
  let p = columns.paramStart[i]!
  for (const row of params) {
    columns.paramAt[p] = lookUp(s.paramIndex, row.param_id, 'param')
    columns.paramValue[p++] = row.value
  }
  columns.paramStart[i + 1] = p
  let t = columns.tagStart[i]!
  for (const row of tags) columns.tagAt[t++] = lookUp(s.tagIndex, row.tag_id, 'tag')
  columns.tagStart[i + 1] = t
}

/**
 * A sorted order of the old copy in the new one: the unchanged products keep their relative
 * order (under new positions, which follow ids as the old ones did), and each changed one goes
 * where a binary search puts it.
 */
function movedOrder(order: Int32Array, moved: Int32Array, changedAt: number[], compare: (a: number, b: number) => number, size: number): Int32Array {
  const kept = new Int32Array(size - changedAt.length)
  let k = 0
  for (let i = 0; i < order.length; i += 1) {
    const at = moved[order[i]!]!
    if (at >= 0) kept[k++] = at
  }
  const placed = [...changedAt].sort(compare).map((at) => {
    let low = 0
    let high = kept.length
    while (low < high) {
      const middle = (low + high) >> 1
      if (compare(kept[middle]!, at) < 0) low = middle + 1
      else high = middle
    }
    return { at, before: low }
  })
  const result = new Int32Array(size)
  let from = 0
  let to = 0
  for (const { at, before } of placed) {
    result.set(kept.subarray(from, before), to)
    to += before - from
    from = before
    result[to++] = at
  }
  result.set(kept.subarray(from), to)
  return result
}
