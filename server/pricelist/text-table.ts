import { isQuantityHeader } from './columns'
import { readNumber } from './quantity'
import { clipRowText, type TableRow } from './table-row'

export type Separator = ';' | '\t' | ','

/** in order of preference when several occur equally often */
const SEPARATORS: readonly Separator[] = [';', '\t', ',']
const SAMPLED_LINES = 200
const UNIT_SUFFIX = /^шт\.?$/i

/** How many times the separator occurs outside double quotes in a line. */
function countOutsideQuotes(line: string, separator: Separator): number {
  let count = 0
  let quoted = false
  for (const char of line) {
    if (char === '"') quoted = !quoted
    else if (char === separator && !quoted) count++
  }
  return count
}

/** '5,0' after a space in "AB-1 5,0" is a decimal comma, not a separator */
const DECIMAL_AFTER_SPACE = /\s[+-]?\d+,\d+(?=\s|$)/g
const withoutDecimalCommas = (line: string, separator: Separator) => (separator === ',' ? line.replace(DECIMAL_AFTER_SPACE, ' ') : line)

/** The separator most lines contain; none when no line contains any (whitespace-separated text). */
export function detectSeparator(text: string): Separator | null {
  const lines = text
    .split(/\r\n|\n|\r/, SAMPLED_LINES * 2)
    .filter((line) => line.trim() !== '')
    .slice(0, SAMPLED_LINES)
  let best: { separator: Separator; lines: number } | null = null
  for (const separator of SEPARATORS) {
    const containing = lines.filter((line) => countOutsideQuotes(withoutDecimalCommas(line, separator), separator) > 0).length
    if (containing > 0 && (!best || containing > best.lines)) best = { separator, lines: containing }
  }
  return best?.separator ?? null
}

/**
 * Pasted "articul qty" (or "articul qty шт"): the last word is the quantity, everything before it
 * the articul, which may itself hold spaces. A line not ending in a number (or a quantity header)
 * is all articul.
 */
export function splitOnWhitespace(line: string): string[] {
  const tokens = line.trim().split(/\s+/)
  if (tokens.length > 2 && UNIT_SUFFIX.test(tokens[tokens.length - 1] ?? '')) tokens.pop()
  const last = tokens[tokens.length - 1] ?? ''
  if (tokens.length < 2 || (readNumber(last) === null && !isQuantityHeader(last))) return [line.trim()]
  return [tokens.slice(0, -1).join(' '), last]
}

interface RawRecord {
  cells: string[]
  text: string
}

/** CSV records (RFC 4180 quoting: "a;b", "say ""hi""", line breaks inside quotes) of one separator. */
function* csvRecords(text: string, separator: Separator): Generator<RawRecord> {
  let cells: string[] = []
  let cell = ''
  let quoted = false
  let start = 0
  const end = (at: number) => {
    cells.push(cell)
    const record = { cells, text: text.slice(start, at) }
    cells = []
    cell = ''
    return record
  }
  for (let i = 0; i < text.length; i++) {
    const char = text[i]
    if (quoted) {
      if (char !== '"') cell += char
      else if (text[i + 1] === '"') cell += text[++i]
      else quoted = false
    } else if (char === '"' && cell.trim() === '') {
      quoted = true
      cell = ''
    } else if (char === separator) {
      cells.push(cell)
      cell = ''
    } else if (char === '\n' || char === '\r') {
      yield end(i)
      if (char === '\r' && text[i + 1] === '\n') i++
      start = i + 1
    } else {
      cell += char
    }
  }
  if (start < text.length) yield end(text.length)
}

/**
 * The cells of a line without the text's separator: split by the separator of its own (a pasted
 * "4603462690244, 1" among "AB-1;5" lines), else as whitespace-separated "articul qty".
 */
function cellsOfLine(line: string, cell: string): string[] {
  // the line as written: a separator inside its quotes ("AB;1") separates nothing, nor does a
  // line break inside them
  const own = /[\r\n]/.test(line) ? null : detectSeparator(line)
  const [record] = own ? [...csvRecords(line, own)] : []
  return record && record.cells.length > 1 ? record.cells.map((each) => each.trim()) : splitOnWhitespace(cell)
}

/**
 * Comma-separated cells with a decimal comma put back: in "AB-1, 2,0" the dealer separated with
 * «, » and wrote the quantity «2,0», so « 2» followed at once by «0» is one number.
 */
function joinDecimalCommas(cells: string[]): string[] {
  const joined: string[] = []
  for (const cell of cells) {
    const previous = joined[joined.length - 1]
    if (previous !== undefined && /^\s+[+-]?\d+$/.test(previous) && /^\d+$/.test(cell)) joined[joined.length - 1] = `${previous},${cell}`
    else joined.push(cell)
  }
  return joined
}

/** A line whose only commas are decimal ones ("AB-1 2,5" among "AB-2,3" lines). */
const hasOnlyDecimalCommas = (record: RawRecord) => !/[\r\n]/.test(record.text) && countOutsideQuotes(withoutDecimalCommas(record.text, ','), ',') === 0

/**
 * Lines of text as table rows: CSV with the separator most lines use (quoted cells may span
 * lines), each line without it read with its own separator or as "articul qty" by whitespace.
 */
export function parseTextTable(text: string): TableRow[] {
  const separator = detectSeparator(text)
  const rows: TableRow[] = []
  let row = 0
  const records = separator ? csvRecords(text, separator) : text.split(/\r\n|\n|\r/).map((line) => ({ cells: [line], text: line }))
  for (const record of records) {
    row++
    const cells = (separator === ',' ? joinDecimalCommas(record.cells) : record.cells).map((cell) => cell.trim())
    if (cells.every((cell) => cell === '')) continue
    const line = record.text.trim()
    const split = cells.length === 1 ? cellsOfLine(line, cells[0] ?? '') : separator === ',' && hasOnlyDecimalCommas(record) ? splitOnWhitespace(line) : cells
    rows.push({ row, cells: split, text: clipRowText(record.text.trim()) })
  }
  return rows
}
