import ExcelJS from 'exceljs'
import { describe, expect, it } from 'vitest'
import { PRICELIST_MESSAGES } from '../../src/contract/pricelist'
import { sniffFileKind } from '../../server/pricelist/file-kind'
import { parseMarkupTable } from '../../server/pricelist/markup-table'
import { readFileTable } from '../../server/pricelist/read-table'
import { parseXlsxTable, zipUnpackedBytes } from '../../server/pricelist/xlsx-table'
import { encodeCp1251 } from '../fixtures/pricelist/cp1251'

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex')
const OLE = Buffer.from('d0cf11e0a1b11ae1000000000000000000000000000000003e000300feff0900', 'hex')

async function workbook(rows: unknown[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook()
  book.addWorksheet('Скрытый', { state: 'hidden' }).addRow(['не этот лист', 1])
  const sheet = book.addWorksheet('Заказ')
  for (const row of rows) sheet.addRow(row)
  return Buffer.from(await book.xlsx.writeBuffer())
}

describe('sniffFileKind judges by content', () => {
  it('knows an XLSX, an old binary XLS, text and what is neither', async () => {
    expect(sniffFileKind(await workbook([['AB-1', 5]]))).toBe('xlsx')
    expect(sniffFileKind(OLE)).toBe('binary-xls')
    expect(sniffFileKind(encodeCp1251('АБ-1;5'))).toBe('text')
    expect(sniffFileKind(Buffer.from('<table><tr><td>AB-1</td></tr></table>'))).toBe('text')
    expect(sniffFileKind(PNG)).toBe('unsupported')
    expect(sniffFileKind(Buffer.from('%PDF-1.7\n'))).toBe('unsupported')
    expect(sniffFileKind(Buffer.from('504b030414000000', 'hex'))).toBe('unsupported')
    expect(sniffFileKind(Buffer.alloc(0))).toBe('empty')
    expect(sniffFileKind(Buffer.from(' \r\n\t'))).toBe('empty')
    // the file's first workbook loads exceljs: slow on a loaded machine
  }, 30_000)
})

describe('parseXlsxTable', () => {
  it('reads the first visible sheet with Excel’s row numbers, numbers and formulas as text', async () => {
    const bytes = await workbook([['Артикул', 'Кол-во'], [], ['AB-1', 5], ['AB-2', { formula: '1+2', result: 3 }], ['AB-3', 2.5]])
    const read = await parseXlsxTable(bytes)
    const rows = read.kind === 'rows' ? read.rows : []
    expect(rows.map((row) => [row.row, row.cells])).toEqual([
      [1, ['Артикул', 'Кол-во']],
      [3, ['AB-1', '5']],
      [4, ['AB-2', '3']],
      [5, ['AB-3', '2.5']],
    ])
    expect(rows[1]?.text).toBe('AB-1; 5')
    // a worker thread reads it: its start is slow on a loaded machine
  }, 30_000)

  it('refuses a broken zip and one that would unpack past the limit', async () => {
    const bytes = await workbook([['AB-1', 5]])
    expect(zipUnpackedBytes(bytes)).toBeGreaterThan(0)
    expect(await parseXlsxTable(bytes.subarray(0, bytes.length - 30))).toEqual({ kind: 'unreadable' })
    const bomb = Buffer.from(bytes)
    const end = bomb.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]))
    bomb.writeUInt32LE(0xffffffff, bomb.readUInt32LE(end + 16) + 24)
    expect(await parseXlsxTable(bomb)).toEqual({ kind: 'inflatedTooLarge' })
  }, 30_000)
})

describe('parseMarkupTable (an .xls that is really HTML or XML)', () => {
  it('reads an HTML table with entities, colspans and tags in cells', () => {
    const html = `<html><body><table border=1>
      <tr><th>Артикул</th><th colspan="2">Товар</th><th>Кол-во</th></tr>
      <tr><td><b>AB&#8209;1</b></td><td>Дрель &amp; сверло</td><td></td><td>5,0</td></tr>
      <TR><TD>AB-2<TD>Пила<TD><TD>3</TR>
    </table></body></html>`
    expect(parseMarkupTable(html).map((row) => [row.row, row.cells])).toEqual([
      [1, ['Артикул', 'Товар', '', 'Кол-во']],
      [2, ['AB‑1', 'Дрель & сверло', '', '5,0']],
      [3, ['AB-2', 'Пила', '', '3']],
    ])
  })

  it('reads an Excel 2003 XML Spreadsheet, skipped rows and cells included', () => {
    const xml = `<?xml version="1.0"?><Workbook xmlns="urn:schemas-microsoft-com:office:spreadsheet" xmlns:ss="urn:schemas-microsoft-com:office:spreadsheet">
      <Worksheet ss:Name="Заказ"><Table>
        <Row><Cell><Data ss:Type="String">Артикул</Data></Cell><Cell><Data ss:Type="String">Кол-во</Data></Cell></Row>
        <Row ss:Index="3"><Cell><Data ss:Type="String">AB-1</Data></Cell><Cell ss:Index="3"><Data ss:Type="Number">4</Data></Cell></Row>
      </Table></Worksheet></Workbook>`
    expect(parseMarkupTable(xml).map((row) => [row.row, row.cells])).toEqual([
      [1, ['Артикул', 'Кол-во']],
      [3, ['AB-1', '', '4']],
    ])
  })

  // how long this takes as it grows is printed by npm run bench:markup, not asserted here
  it('reads markup that never closes its tags, one row per opened row', () => {
    const rows = parseMarkupTable(`<table>${'<tr><td>x'.repeat(200_000)}`)
    expect(rows).toHaveLength(200_000)
    expect(rows.at(-1)).toEqual({ row: 200_000, cells: ['x'], text: 'x' })
  })
})

describe('readFileTable', () => {
  it('refuses what is not a table, each with its Russian reason', async () => {
    await expect(readFileTable(Buffer.alloc(0))).rejects.toMatchObject({ statusCode: 400, message: PRICELIST_MESSAGES.emptyFile })
    await expect(readFileTable(OLE)).rejects.toMatchObject({ statusCode: 400, message: PRICELIST_MESSAGES.binaryXls })
    await expect(readFileTable(PNG)).rejects.toMatchObject({ statusCode: 400, message: PRICELIST_MESSAGES.unsupported })
    await expect(readFileTable(Buffer.from('504b0304deadbeef786c2f776f726b626f6f6b2e786d6c', 'hex'))).rejects.toMatchObject({
      statusCode: 400,
      message: PRICELIST_MESSAGES.unreadable,
    })
  })

  it('reads a Windows-1251 CSV and an HTML table saved as .xls', async () => {
    expect((await readFileTable(encodeCp1251('Артикул;Кол-во\nАБ-1;5,0')))[1]?.cells).toEqual(['АБ-1', '5,0'])
    expect((await readFileTable(encodeCp1251('<table><tr><td>АБ-1</td><td>2</td></tr></table>')))[0]?.cells).toEqual(['АБ-1', '2'])
  })
})
