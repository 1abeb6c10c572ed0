export type FileKind = 'empty' | 'xlsx' | 'binary-xls' | 'text' | 'unsupported'

const startsWith = (bytes: Uint8Array, magic: readonly number[]) => magic.every((byte, i) => bytes[i] === byte)

const ZIP = [0x50, 0x4b, 0x03, 0x04]
/** OLE compound file: the old binary XLS (and DOC, MSG ...) */
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]
const PDF = [0x25, 0x50, 0x44, 0x46]
const UTF16_BOMS = [
  [0xff, 0xfe],
  [0xfe, 0xff],
]
/** part names are stored uncompressed in a zip, so the workbook's shows in its bytes */
const XLSX_WORKBOOK = Buffer.from('xl/workbook.xml')
const SNIFFED_BYTES = 64 * 1024

/** A control byte other than tab, line feed, form feed, carriage return and escape never occurs in text. */
const isControlByte = (byte: number) => byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0c && byte !== 0x0d && byte !== 0x1b

/** What an upload is, judged by its content only (never by its name or declared type). */
export function sniffFileKind(bytes: Uint8Array): FileKind {
  if (bytes.every((byte) => byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d)) return 'empty'
  if (startsWith(bytes, ZIP)) return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes(XLSX_WORKBOOK) ? 'xlsx' : 'unsupported'
  if (startsWith(bytes, OLE)) return 'binary-xls'
  if (startsWith(bytes, PDF)) return 'unsupported'
  if (UTF16_BOMS.some((bom) => startsWith(bytes, bom))) return 'text'
  return bytes.subarray(0, SNIFFED_BYTES).some(isControlByte) ? 'unsupported' : 'text'
}
