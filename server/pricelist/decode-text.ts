/**
 * Text as Russian offices save it: UTF-8 (with or without BOM), Windows-1251 (Excel's "CSV" and
 * Notepad's "ANSI" on a Russian Windows), or UTF-16 with a BOM (Excel's "Unicode text").
 */
export function decodeText(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes)
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes)
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return new TextDecoder('windows-1251').decode(bytes)
  }
}
