import ExcelJS from 'exceljs'
import { rowOfCells, type TableRow } from './table-row'

/** a 5 MB upload may unpack to this much; more is a zip bomb, not an order */
const MAX_UNPACKED_BYTES = 200 * 1024 * 1024
const END_OF_CENTRAL_DIRECTORY = 0x06054b50
const CENTRAL_DIRECTORY_ENTRY = 0x02014b50

/** The unpacked size of a zip as its central directory states it; null when the directory cannot be read. */
export function zipUnpackedBytes(zip: Buffer): number | null {
  // the end record is the last 22 bytes, unless a comment (at most 64 KB) follows it
  let end = -1
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - 22 - 0xffff); at--) {
    if (zip.readUInt32LE(at) === END_OF_CENTRAL_DIRECTORY) {
      end = at
      break
    }
  }
  if (end < 0) return null
  const entries = zip.readUInt16LE(end + 10)
  let at = zip.readUInt32LE(end + 16)
  let total = 0
  for (let i = 0; i < entries; i++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== CENTRAL_DIRECTORY_ENTRY) return null
    total += zip.readUInt32LE(at + 24)
    at += 46 + zip.readUInt16LE(at + 28) + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32)
  }
  return total
}

/** The first visible worksheet with data, as rows numbered as Excel numbers them; null when the file cannot be read. */
export async function parseXlsxTable(bytes: Buffer): Promise<TableRow[] | null> {
  const unpacked = zipUnpackedBytes(bytes)
  if (unpacked === null || unpacked > MAX_UNPACKED_BYTES) return null
  const workbook = new ExcelJS.Workbook()
  try {
    // typed as taking an ArrayBuffer; it reads a Node Buffer the same way
    await workbook.xlsx.load(bytes as unknown as Parameters<typeof workbook.xlsx.load>[0])
  } catch {
    return null
  }
  const sheets = workbook.worksheets.filter((sheet) => sheet.state === 'visible')
  const sheet = sheets.find((candidate) => candidate.actualRowCount > 0) ?? sheets[0]
  const rows: TableRow[] = []
  sheet?.eachRow((row, rowNumber) => {
    const cells: string[] = []
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      cells[column - 1] = cell.text ?? ''
    })
    const read = rowOfCells(
      rowNumber,
      Array.from(cells, (cell) => cell ?? ''),
    )
    if (read) rows.push(read)
  })
  return rows
}
