import { readNumber } from './quantity'
import type { TableRow } from './table-row'

export interface Columns {
  /** index in the rows of the header row; rows before it are titles, not data */
  headerRow: number | null
  articul: number
  /** null when no column holds quantities */
  qnt: number | null
}

/** Header names, best first: an 'Артикул' column wins over a 'Код' (often 1C's own code) when both are there. */
const ARTICUL_HEADERS = ['артикул', 'артикул товара', 'арт', 'articul', 'article', 'sku', 'код товара', 'код']
const QUANTITY_HEADERS = ['количество', 'кол во', 'кол', 'qty', 'qnt', 'quantity', 'шт']
/** a header is looked for among the first rows, below a title or two */
const HEADER_SEARCH_ROWS = 10
const CONTENT_SAMPLE_ROWS = 2000
/** columns looked at when reading by content; an order's articul and quantity are never further right */
const CONTENT_COLUMNS = 100

/** 'Кол-во, шт.' → 'кол во' */
const headerKey = (cell: string) =>
  cell
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[^a-zа-я0-9]+/g, ' ')
    .trim()
    .replace(/(.) шт$/, '$1')

export const isQuantityHeader = (cell: string) => QUANTITY_HEADERS.includes(headerKey(cell))

/** The column whose header ranks best in the list, or -1. */
function bestHeader(cells: readonly string[], names: readonly string[], except = -1): number {
  let best = { column: -1, rank: names.length }
  cells.forEach((cell, column) => {
    const rank = names.indexOf(headerKey(cell))
    if (column !== except && rank >= 0 && rank < best.rank) best = { column, rank }
  })
  return best.column
}

function findHeader(rows: readonly TableRow[], isKnown: (articul: string) => boolean) {
  for (const [index, { cells }] of rows.slice(0, HEADER_SEARCH_ROWS).entries()) {
    const articul = bestHeader(cells, ARTICUL_HEADERS)
    const qnt = bestHeader(cells, QUANTITY_HEADERS, articul)
    // a lone 'шт' may be a unit column's value in a data row: such a row holds an articul or a number
    const onlyQuantity = qnt >= 0 && !cells.some((cell) => isKnown(cell) || readNumber(cell) !== null)
    if (articul >= 0 || onlyQuantity) return { index, articul, qnt }
  }
  return null
}

const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Infinity

/** The column with the most known articuls; else the first that mostly holds text; else the first. */
function articulByContent(sample: readonly TableRow[], width: number, isKnown: (articul: string) => boolean): number {
  const count = (test: (cell: string) => boolean) =>
    Array.from({ length: width }, (_, column) => sample.filter((row) => test(row.cells[column] ?? '')).length)
  const known = count(isKnown)
  const most = Math.max(0, ...known)
  if (most > 0) return known.indexOf(most)
  const text = count((cell) => cell !== '' && readNumber(cell) === null)
  const textual = text.findIndex((n) => n * 2 > sample.length)
  return Math.max(0, textual)
}

/**
 * The quantity column: the one with the most positive numbers; on a tie the one with more whole
 * numbers, then the one with the smaller numbers (prices are bigger than quantities).
 */
function quantityByContent(sample: readonly TableRow[], width: number, articul: number): number | null {
  let best: { column: number; positive: number; whole: number; median: number } | null = null
  for (let column = 0; column < width; column++) {
    if (column === articul) continue
    const numbers = sample.flatMap((row) => {
      const value = readNumber(row.cells[column] ?? '')
      return value !== null && value > 0 ? [value] : []
    })
    const candidate = { column, positive: numbers.length, whole: numbers.filter(Number.isInteger).length, median: median(numbers) }
    if (candidate.positive === 0) continue
    const better =
      !best ||
      candidate.positive > best.positive ||
      (candidate.positive === best.positive && (candidate.whole > best.whole || (candidate.whole === best.whole && candidate.median < best.median)))
    if (better) best = candidate
  }
  return best?.column ?? null
}

/** Where the articuls and quantities are: by the header's names, else by what the columns hold. */
export function detectColumns(rows: readonly TableRow[], isKnown: (articul: string) => boolean): Columns {
  const header = findHeader(rows, isKnown)
  const data = rows.slice(header ? header.index + 1 : 0)
  const sample = data.slice(0, CONTENT_SAMPLE_ROWS)
  const width = Math.min(
    CONTENT_COLUMNS,
    sample.reduce((widest, row) => Math.max(widest, row.cells.length), 0),
  )
  const articul = header && header.articul >= 0 ? header.articul : articulByContent(sample, width, isKnown)
  const qnt = header && header.qnt >= 0 ? header.qnt : quantityByContent(sample, width, articul)
  if (header) return { headerRow: header.index, articul, qnt }
  // a first row whose names we do not know: no known articul and words where the quantities are
  const [first] = rows
  const quantityCell = qnt === null ? '' : (first?.cells[qnt] ?? '')
  const unnamedHeader = first && rows.length > 1 && !isKnown(first.cells[articul] ?? '') && quantityCell !== '' && readNumber(quantityCell) === null
  return { headerRow: unnamedHeader ? 0 : null, articul, qnt }
}
