import type { BasketSummary, Warehouse } from '../contract/account'
import type { BasketData, BasketLine } from '../contract/basket'
import { availableQuantity, normalizeQuantityText, parseQuantity, stepQuantity } from './quantity'

/** A quantity change waiting for the server: the line (by id) and the quantity to set (0 removes it). */
export interface LineEdit {
  lineId: string
  qnt: number
}

/** What a committed field asks for: nothing, the quantity, or more than the warehouse has. */
export type CommitDecision = { kind: 'unchanged' } | { kind: 'save'; qnt: number } | { kind: 'overStock'; available: number }

const roundKopecks = (amount: number) => Math.round(amount * 100) / 100

/** The line's free stock at its warehouse (spec §5: unknown counts as 0). */
export const lineStock = (line: BasketLine) => availableQuantity(line.product.quantity)

/**
 * Spec §5 on a basket line: empty or non-numeric counts as 1, 0 removes the line, and more than
 * the warehouse holds is refused (the field resets to what it holds).
 */
export function decideCommit(line: BasketLine, text: string): CommitDecision {
  const typed = normalizeQuantityText(text)
  const qnt = typed === '0' ? 0 : parseQuantity(typed)
  if (qnt > lineStock(line)) return { kind: 'overStock', available: lineStock(line) }
  return qnt === line.qnt ? { kind: 'unchanged' } : { kind: 'save', qnt }
}

/** The +/- buttons: the text's quantity stepped, never below 1 (spec §5). */
export const steppedText = (text: string, delta: 1 | -1) => String(stepQuantity(parseQuantity(text), delta))

/** The queue with this edit last, replacing an older edit of the same line. */
export const enqueueEdit = (queue: readonly LineEdit[], edit: LineEdit): LineEdit[] => [...queue.filter((queued) => queued.lineId !== edit.lineId), edit]

/** The basket after the server set a line: its quantity and sum, removed at 0; the totals from the server's summary. */
export function applyLineQuantity(data: BasketData, lineId: string, qnt: number, summary: BasketSummary): BasketData {
  const line = data.products[lineId]
  if (!line) return data
  const products = { ...data.products }
  if (qnt === 0) delete products[lineId]
  else products[lineId] = { ...line, qnt, sum: roundKopecks(line.product.price * qnt) }
  const lines = Object.values(products)
  return {
    ...data,
    products,
    qnt: lines.reduce((total, each) => total + each.qnt, 0),
    stats: { count: { products: summary.count } },
    sum: summary.sum,
    actualWms: data.actualWms.filter((warehouse) => lines.some((each) => each.wms === warehouse.id)),
  }
}

/** The line's warehouse stock as the server last reported it. */
export function applyLineStock(data: BasketData, lineId: string, available: number): BasketData {
  const line = data.products[lineId]
  if (!line) return data
  return { ...data, products: { ...data.products, [lineId]: { ...line, product: { ...line.product, quantity: available } } } }
}

/** The header's figures of a basket: lines and sum (the same numbers the page shows). */
export const summaryOf = (data: BasketData): BasketSummary => ({ count: data.stats.count.products, sum: data.sum })

/** Each field's text: the saved quantity, or what the dealer typed and the server has not confirmed. */
export function fieldTexts(data: BasketData, kept: Readonly<Record<string, string>> = {}): Record<string, string> {
  return Object.fromEntries(Object.entries(data.products).map(([id, line]) => [id, kept[id] ?? String(line.qnt)]))
}

/** The fields whose text differs from the saved quantity: what a reload must not lose. */
export function unsavedTexts(data: BasketData | null, texts: Readonly<Record<string, string>>): Record<string, string> {
  if (!data) return {}
  return Object.fromEntries(Object.entries(texts).filter(([id, text]) => data.products[id] && text !== String(data.products[id].qnt)))
}

export interface WarehouseGroup {
  warehouse: Warehouse
  lines: BasketLine[]
  sum: number
}

/** Lines grouped by their warehouse (spec: actualWms), in the order the warehouses are listed. */
export function groupByWarehouse(data: BasketData): WarehouseGroup[] {
  const lines = Object.values(data.products)
  return data.actualWms
    .map((warehouse) => {
      const own = lines.filter((line) => line.wms === warehouse.id)
      return { warehouse, lines: own, sum: roundKopecks(own.reduce((total, line) => total + line.sum, 0)) }
    })
    .filter((group) => group.lines.length > 0)
}
