/** A non-blank row of an uploaded table. */
export interface TableRow {
  /** 1-based, as the dealer sees it in the file (blank rows and the header counted) */
  row: number
  cells: string[]
  /** the row as read, for the list of rows that did not become products */
  text: string
}

const MAX_ROW_TEXT = 300

/** A row built from cells (a spreadsheet or an HTML table): its text is the cells joined as a CSV would show them. */
export function rowOfCells(row: number, cells: string[]): TableRow | null {
  const trimmed = cells.map((cell) => cell.trim())
  while (trimmed.length > 0 && trimmed[trimmed.length - 1] === '') trimmed.pop()
  if (trimmed.length === 0) return null
  return { row, cells: trimmed, text: clipRowText(trimmed.join('; ')) }
}

export const clipRowText = (text: string) => (text.length > MAX_ROW_TEXT ? `${text.slice(0, MAX_ROW_TEXT)}…` : text)
