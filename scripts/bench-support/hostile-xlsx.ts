import { deflateRawSync } from 'node:zlib'

/**
 * A hostile XLSX as an attacker builds it by hand: one row repeated until the sheet unpacks to
 * `unpackedBytes`, deflated to a small upload. Its zip headers may understate the unpacked size
 * (`declaredBytes`), as a file made to pass a check of the declared sizes does.
 */
export interface HostileXlsxOptions {
  /** the sheet's unpacked size, about */
  unpackedBytes: number
  /** the row repeated ({n} is its number): blank cells by default, which a reader skips without counting a row */
  rowXml?: string
  /** what the headers say the sheet unpacks to (the truth when absent) */
  declaredBytes?: number
}

const BLANK_ROW = `<row>${'<c t="inlineStr"><is><t> </t></is></c>'.repeat(20)}</row>`
const DATA_ROW = '<row r="{n}"><c r="A{n}" t="inlineStr"><is><t>AB-1</t></is></c><c r="B{n}"><v>1</v></c></row>'
/** a row that is an order line: enough of them pass the upload's row cap */
export const HOSTILE_DATA_ROW = DATA_ROW

const PARTS: Record<string, string> = {
  '[Content_Types].xml':
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
  '_rels/.rels':
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
  'xl/workbook.xml':
    '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Заказ" sheetId="1" r:id="rId1"/></sheets></workbook>',
  'xl/_rels/workbook.xml.rels':
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
}

interface Entry {
  name: Buffer
  data: Buffer
  unpacked: number
  method: 0 | 8
}

/** A zip of the entries (CRC left 0: readers of a stream check none). */
function zip(entries: readonly Entry[]): Buffer {
  const locals: Buffer[] = []
  const central: Buffer[] = []
  let offset = 0
  for (const entry of entries) {
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt16LE(entry.method, 8)
    local.writeUInt32LE(entry.data.length, 18)
    local.writeUInt32LE(entry.unpacked, 22)
    local.writeUInt16LE(entry.name.length, 26)
    const header = Buffer.alloc(46)
    header.writeUInt32LE(0x02014b50, 0)
    header.writeUInt16LE(20, 4)
    header.writeUInt16LE(20, 6)
    header.writeUInt16LE(entry.method, 10)
    header.writeUInt32LE(entry.data.length, 20)
    header.writeUInt32LE(entry.unpacked, 24)
    header.writeUInt16LE(entry.name.length, 28)
    header.writeUInt32LE(offset, 42)
    locals.push(local, entry.name, entry.data)
    central.push(header, entry.name)
    offset += local.length + entry.name.length + entry.data.length
  }
  const directory = Buffer.concat(central)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(entries.length, 8)
  end.writeUInt16LE(entries.length, 10)
  end.writeUInt32LE(directory.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, directory, end])
}

export function hostileXlsx(options: HostileXlsxOptions): Buffer {
  const row = options.rowXml ?? BLANK_ROW
  const head = '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>'
  const tail = '</sheetData></worksheet>'
  const rows = Math.max(1, Math.floor((options.unpackedBytes - head.length - tail.length) / row.length))
  const body = row.includes('{n}') ? Array.from({ length: rows }, (_, i) => row.replaceAll('{n}', String(i + 1))).join('') : row.repeat(rows)
  const sheet = Buffer.from(head + body + tail)
  const small = Object.entries(PARTS).map(([name, text]): Entry => ({
    name: Buffer.from(name),
    data: Buffer.from(text),
    unpacked: Buffer.byteLength(text),
    method: 0,
  }))
  const deflated = deflateRawSync(sheet, { level: 9 })
  return zip([...small, { name: Buffer.from('xl/worksheets/sheet1.xml'), data: deflated, unpacked: options.declaredBytes ?? sheet.length, method: 8 }])
}
