import { MAX_LINE_QUANTITY } from '../../src/contract/basket'
import { PRICELIST_MESSAGES, type UnmatchedRow } from '../../src/contract/pricelist'
import type { ArticulIndex } from './articul'
import { detectColumns } from './columns'
import { readQuantity } from './quantity'
import type { TableRow } from './table-row'

interface MatchedLine {
  id: number
  /** summed over the rows naming the product */
  qnt: number
  /** the first of them */
  row: number
}

export interface RowsMatch {
  lines: MatchedLine[]
  unmatched: UnmatchedRow[]
}

/** Every data row becomes part of a product line or an unmatched row with its reason; none is dropped. */
export function matchRows(rows: readonly TableRow[], index: ArticulIndex): RowsMatch {
  const columns = detectColumns(rows, (articul) => index.has(articul))
  const lines = new Map<number, MatchedLine>()
  const unmatched: UnmatchedRow[] = []
  const data = columns.headerRow === null ? rows : rows.slice(columns.headerRow + 1)
  for (const { row, cells, text } of data) {
    const refuse = (reason: string) => unmatched.push({ row, text, reason })
    const articul = cells[columns.articul] ?? ''
    if (articul === '') {
      refuse(PRICELIST_MESSAGES.noArticul)
      continue
    }
    const product = index.match(articul)
    if (product === 'unknown') {
      refuse(PRICELIST_MESSAGES.notFound)
      continue
    }
    if (product === 'ambiguous') {
      refuse(PRICELIST_MESSAGES.ambiguous)
      continue
    }
    const quantity = readQuantity(columns.qnt === null ? '' : (cells[columns.qnt] ?? ''))
    if (!quantity.ok) {
      refuse(quantity.reason)
      continue
    }
    const line = lines.get(product.id)
    if (!line) lines.set(product.id, { id: product.id, qnt: quantity.qnt, row })
    else if (line.qnt + quantity.qnt <= MAX_LINE_QUANTITY) line.qnt += quantity.qnt
    else refuse(PRICELIST_MESSAGES.badQuantity)
  }
  return { lines: [...lines.values()], unmatched }
}
