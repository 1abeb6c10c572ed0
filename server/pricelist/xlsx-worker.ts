import { Readable } from 'node:stream'
import { parentPort, workerData } from 'node:worker_threads'
import zlib from 'node:zlib'
import ExcelJS from 'exceljs'
import { rowOfCells, type TableRow } from './table-row'

/**
 * The worker thread that reads an uploaded XLSX (started by xlsx-table.ts): exceljs's streaming
 * reader, stopped as soon as the rows or the bytes actually inflated pass their caps. Whatever it
 * allocates goes with the thread, and the event loop of the server never waits for it.
 */

export interface XlsxJob {
  bytes: Uint8Array
  /** data rows an upload may hold; one more is an answer already */
  maxRows: number
  /** bytes inflated out of the zip, every entry counted as it is read */
  maxInflatedBytes: number
}

export type XlsxOutcome =
  { kind: 'rows'; rows: TableRow[] } | { kind: 'unreadable' } | { kind: 'tooManyRows' } | { kind: 'inflatedTooLarge' } | { kind: 'tooSlow' }

const job = workerData as XlsxJob

/** Sends the outcome and ends the thread at once, whatever is still being read. */
function finish(outcome: XlsxOutcome): never {
  parentPort?.postMessage(outcome)
  process.exit(0)
}

/**
 * The zip reader (unzipper, inside exceljs) inflates each entry through zlib.createInflateRaw:
 * in this thread every inflater it makes counts what it puts out, so a zip whose directory
 * understates its sizes is stopped by what it really unpacks to.
 */
function capInflatedBytes(max: number): void {
  let inflated = 0
  const create = zlib.createInflateRaw.bind(zlib)
  Object.defineProperty(zlib, 'createInflateRaw', {
    configurable: true,
    value: (options?: zlib.ZlibOptions) => {
      const inflater = create(options)
      inflater.on('data', (chunk: Buffer) => {
        inflated += chunk.length
        if (inflated > max) finish({ kind: 'inflatedTooLarge' })
      })
      return inflater
    },
  })
}

/** The first visible worksheet with data, as rows numbered as Excel numbers them. */
async function readRows(): Promise<XlsxOutcome> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([Buffer.from(job.bytes)]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  })
  for await (const sheet of reader) {
    if ((sheet as { state?: string }).state !== undefined && (sheet as { state?: string }).state !== 'visible') continue
    const rows: TableRow[] = []
    for await (const row of sheet) {
      const cells: string[] = []
      row.eachCell({ includeEmpty: true }, (cell, column) => {
        cells[column - 1] = cell.text ?? ''
      })
      const read = rowOfCells(
        row.number,
        Array.from(cells, (cell) => cell ?? ''),
      )
      if (!read) continue
      rows.push(read)
      if (rows.length > job.maxRows) return { kind: 'tooManyRows' }
    }
    if (rows.length > 0) return { kind: 'rows', rows }
  }
  return { kind: 'rows', rows: [] }
}

capInflatedBytes(job.maxInflatedBytes)
readRows().then(finish, () => finish({ kind: 'unreadable' }))
