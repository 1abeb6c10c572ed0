import { remapTotals, type TotalsRemap } from './category-totals'
import type { Pacer } from './pacing'
import { assembleSnapshot, columnsOfSnapshot, ORDER_KEYS, structureOf, type CatalogueSnapshot, type StructureTables } from './snapshot-columns'

/** What a product's dense index reads while it refers to a brand, category, param or tag that is gone. */
const GONE = -1

/**
 * A dense-index column with each old index replaced by the new index of the same id, and that
 * table of old index to new: the column itself and no table when no index moved.
 */
function remapped(column: Int32Array, oldIds: ArrayLike<number>, newIndex: ReadonlyMap<number, number>): { column: Int32Array; table?: Int32Array } {
  const table = Int32Array.from({ length: oldIds.length }, (_, at) => newIndex.get(oldIds[at]!) ?? GONE)
  if (table.every((to, from) => to === from)) return { column }
  const result = new Int32Array(column.length)
  for (let i = 0; i < column.length; i += 1) result[i] = table[column[i]!]!
  return { column: result, table }
}

/** Whether a product of the copy still refers to a brand, category, param or tag that is gone. */
export const refersToGone = (s: CatalogueSnapshot): boolean => [s.brandAt, s.categoryAt, s.paramAt, s.tagAt].some((column) => column.includes(GONE))

/**
 * Whether the tables lose a brand, category, param or tag the copy had: only then may a product
 * refer to one that is gone (a rename loses none, and refersToGone's pass over every product's
 * params and tags, some 10 ms at 1,000,000 products, is skipped).
 */
export function losesEntries(s: CatalogueSnapshot, tables: StructureTables): boolean {
  const lost = (old: Iterable<number>, now: { id: number }[]) => {
    const ids = new Set(now.map((entry) => entry.id))
    return [...old].some((id) => !ids.has(id))
  }
  const treeIds = structureOf(tables).categoryIds
  return (
    lost(
      s.brandList.map((brand) => brand.id),
      tables.brands,
    ) ||
    lost(
      s.params.map((param) => param.id),
      tables.params,
    ) ||
    lost(
      s.tags.map((tag) => tag.id),
      tables.tags,
    ) ||
    lost(
      s.categoryIds,
      [...treeIds].map((id) => ({ id })),
    )
  )
}

/**
 * The copy over the brands, params, tags, category tree and warehouses read anew, its products as
 * they were: a rename or a new entry is a label change, so only the dense indexes of the products
 * are renumbered where the order of a small table moved (one pass over a typed array), and the
 * rest (sorted orders, search, positions) is shared; the totals per category are renumbered the same way. A product that refers to an entry that is
 * gone reads GONE until its own change is taken (the caller checks none is left: refersToGone).
 */
export function restructured(s: CatalogueSnapshot, tables: StructureTables, pacer: Pacer): CatalogueSnapshot {
  const structure = structureOf(tables)
  const brandAt = remapped(
    s.brandAt,
    s.brandList.map((brand) => brand.id),
    structure.brandIndex,
  )
  const categoryAt = remapped(s.categoryAt, s.categoryIds, structure.categoryIndex)
  const paramAt = remapped(
    s.paramAt,
    s.params.map((param) => param.id),
    structure.paramIndex,
  )
  const tagAt = remapped(
    s.tagAt,
    s.tags.map((tag) => tag.id),
    structure.tagIndex,
  )
  const sorted = new Map<string, Int32Array>()
  for (const [name, direction] of ORDER_KEYS) {
    const order = s.sortedBy(name, direction)
    if (order) sorted.set(`${name}:${direction}`, order)
  }
  const sizes = (of: Pick<CatalogueSnapshot, 'categoryIds' | 'brandList' | 'tags' | 'params'>) => ({
    categories: of.categoryIds.length,
    brands: of.brandList.length,
    tags: of.tags.length,
    params: of.params.length,
  })
  const remap: TotalsRemap = { categories: categoryAt.table, brands: brandAt.table, tags: tagAt.table, params: paramAt.table, sizes: sizes(structure) }
  const totals = s.totals()
  return assembleSnapshot(
    {
      version: s.version,
      structure,
      columns: { ...columnsOfSnapshot(s), brandAt: brandAt.column, categoryAt: categoryAt.column, paramAt: paramAt.column, tagAt: tagAt.column },
      containing: s.containing,
      positionOf: s.positionOf,
      patchedRows: s.patchedRows,
      sorted,
      totals: totals && remapTotals(totals, sizes(s), remap),
    },
    pacer,
  )
}
