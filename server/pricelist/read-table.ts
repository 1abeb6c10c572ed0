import { PRICELIST_LIMITS, PRICELIST_MESSAGES } from '../../src/contract/pricelist'
import { HttpError } from '../validation'
import { decodeText } from './decode-text'
import { sniffFileKind } from './file-kind'
import { isMarkupTable, parseMarkupTable } from './markup-table'
import type { TableRow } from './table-row'
import { parseTextTable } from './text-table'
import { parseXlsxTable } from './xlsx-table'
import type { XlsxOutcome } from './xlsx-worker'

/** At least one row and not more than an upload may hold, or 400. */
function checkedRows(rows: TableRow[]): TableRow[] {
  if (rows.length === 0) throw new HttpError(400, PRICELIST_MESSAGES.noRows)
  if (rows.length > PRICELIST_LIMITS.rows) throw new HttpError(400, PRICELIST_MESSAGES.tooManyRows)
  return rows
}

/** Pasted or decoded text: delimited lines, or an HTML / XML Spreadsheet table saved as text. */
export const readTextTable = (text: string): TableRow[] => checkedRows(isMarkupTable(text) ? parseMarkupTable(text) : parseTextTable(text))

/** What the XLSX reader found, or the 4xx that says why it stopped. */
function xlsxRows(read: XlsxOutcome): TableRow[] {
  switch (read.kind) {
    case 'rows':
      return checkedRows(read.rows)
    case 'tooManyRows':
      throw new HttpError(400, PRICELIST_MESSAGES.tooManyRows)
    case 'inflatedTooLarge':
      throw new HttpError(413, PRICELIST_MESSAGES.unpackedTooLarge)
    case 'tooSlow':
      throw new HttpError(400, PRICELIST_MESSAGES.tooSlow)
    case 'unreadable':
      throw new HttpError(400, PRICELIST_MESSAGES.unreadable)
  }
}

/** An uploaded file's rows, its type judged by content; anything that is not a table is a 400 with the reason. */
export async function readFileTable(bytes: Buffer): Promise<TableRow[]> {
  switch (sniffFileKind(bytes)) {
    case 'empty':
      throw new HttpError(400, PRICELIST_MESSAGES.emptyFile)
    case 'binary-xls':
      throw new HttpError(400, PRICELIST_MESSAGES.binaryXls)
    case 'unsupported':
      throw new HttpError(400, PRICELIST_MESSAGES.unsupported)
    case 'xlsx':
      return xlsxRows(await parseXlsxTable(bytes))
    case 'text':
      return readTextTable(decodeText(bytes))
  }
}
