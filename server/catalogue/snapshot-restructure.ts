import type { Pacer } from './pacing'
import { assembleSnapshot, columnsOfSnapshot, ORDER_KEYS, structureOf, type CatalogueSnapshot, type StructureTables } from './snapshot-columns'

/** What a product's dense index reads while it refers to a brand, category, param or tag that is gone. */
const GONE = -1

/** A dense-index column with each old index replaced by the new index of the same id: the column itself when no index moved. */
function remapped(column: Int32Array, oldIds: ArrayLike<number>, newIndex: ReadonlyMap<number, number>): Int32Array {
  const table = Int32Array.from({ length: oldIds.length }, (_, at) => newIndex.get(oldIds[at]!) ?? GONE)
  if (table.every((to, from) => to === from)) return column
  const result = new Int32Array(column.length)
  for (let i = 0; i < column.length; i += 1) result[i] = table[column[i]!]!
  return result
}

/** Whether a product of the copy still refers to a brand, category, param or tag that is gone. */
export const refersToGone = (s: CatalogueSnapshot): boolean => [s.brandAt, s.categoryAt, s.paramAt, s.tagAt].some((column) => column.includes(GONE))

/**
 * The copy over the brands, params, tags, category tree and warehouses read anew, its products as
 * they were: a rename or a new entry is a label change, so only the dense indexes of the products
 * are renumbered where the order of a small table moved (one pass over a typed array), and the
 * rest (sorted orders, search, positions) is shared. A product that refers to an entry that is
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
  return assembleSnapshot(
    {
      version: s.version,
      structure,
      columns: { ...columnsOfSnapshot(s), brandAt, categoryAt, paramAt, tagAt },
      containing: s.containing,
      positionOf: s.positionOf,
      patchedRows: s.patchedRows,
      sorted,
    },
    pacer,
  )
}
