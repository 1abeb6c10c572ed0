import { rowOfCells, type TableRow } from './table-row'

/**
 * Tables saved as markup under an .xls name: an HTML table (1C's and many sites' "Excel" export)
 * or Excel 2003's XML Spreadsheet. Read by splitting on tags, not with a full parser: only rows
 * and cells matter, and a split stays linear in the size of the file whatever its markup.
 */

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' }
/** a guard against a hostile colspan or ss:Index asking for millions of cells */
const MAX_COLUMNS = 200

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
    if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? entity
    const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1))
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity
  })
}

const cellText = (markup: string) =>
  decodeEntities(markup.replace(/<br\s*\/?>/gi, ' ').replace(/<[^>]*>/g, ''))
    .replace(/\s+/g, ' ')
    .trim()

const COLSPAN = /(?:^|\s)colspan\s*=\s*["']?(\d+)/i
const SS_INDEX = /(?:^|\s)ss:Index\s*=\s*["']?(\d+)/i

/** A whole-number attribute (colspan, ss:Index). */
function attribute(attributes: string, pattern: RegExp): number | undefined {
  const value = pattern.exec(attributes)?.[1]
  return value === undefined ? undefined : Number(value)
}

interface Element {
  attributes: string
  content: string
}

const tagPatterns = (tag: string) => ({
  opening: new RegExp(`<(?:ss:)?${tag}(?=[\\s>/])`, 'i'),
  closing: new RegExp(`</(?:ss:)?${tag}\\s*>`, 'i'),
})
const TAGS = { row: tagPatterns('tr'), cell: tagPatterns('t[dh]'), sheet: tagPatterns('Worksheet'), xmlRow: tagPatterns('Row'), xmlCell: tagPatterns('Cell') }

/** The elements of a tag in order, each up to its closing tag or the next element. */
function elements(markup: string, { opening, closing }: ReturnType<typeof tagPatterns>): Element[] {
  return markup
    .split(opening)
    .slice(1)
    .map((part) => {
      const open = part.indexOf('>')
      if (open < 0) return { attributes: part, content: '' }
      const attributes = part.slice(0, open)
      if (attributes.endsWith('/')) return { attributes, content: '' }
      const rest = part.slice(open + 1)
      const end = rest.search(closing)
      return { attributes, content: end < 0 ? rest : rest.slice(0, end) }
    })
}

const HTML_TABLE = /<table[\s>]/i
const XML_SPREADSHEET = /<(ss:)?Workbook[^>]*urn:schemas-microsoft-com:office:spreadsheet/i

export const isMarkupTable = (text: string) => HTML_TABLE.test(text) || XML_SPREADSHEET.test(text)

function htmlRows(text: string): TableRow[] {
  return elements(text, TAGS.row).flatMap(({ content }, index) => {
    const cells = elements(content, TAGS.cell).flatMap((cell) => {
      const span = Math.min(attribute(cell.attributes, COLSPAN) ?? 1, MAX_COLUMNS)
      return [cellText(cell.content), ...Array<string>(Math.max(0, span - 1)).fill('')]
    })
    return rowOfCells(index + 1, cells) ?? []
  })
}

/** XML Spreadsheet leaves out empty rows and cells and gives the next one's position in ss:Index. */
function xmlSpreadsheetRows(text: string): TableRow[] {
  const [sheet] = elements(text, TAGS.sheet)
  let row = 0
  return elements(sheet?.content ?? '', TAGS.xmlRow).flatMap((element) => {
    row = attribute(element.attributes, SS_INDEX) ?? row + 1
    const cells: string[] = []
    for (const cell of elements(element.content, TAGS.xmlCell)) {
      const column = Math.min(attribute(cell.attributes, SS_INDEX) ?? cells.length + 1, MAX_COLUMNS)
      while (cells.length < column - 1) cells.push('')
      cells.push(cellText(cell.content))
    }
    return rowOfCells(row, cells) ?? []
  })
}

export const parseMarkupTable = (text: string): TableRow[] => (XML_SPREADSHEET.test(text) ? xmlSpreadsheetRows(text) : htmlRows(text))
