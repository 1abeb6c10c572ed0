import type { FastifyReply } from 'fastify'
import type ExcelJS from 'exceljs'
import { XLSX_CONTENT_TYPE } from '../src/contract/acts'

/** An XLSX file the server sends: its bytes and the name the dealer's browser saves it under. */
export interface XlsxFile {
  bytes: Buffer
  /** 'Акт сверки Договор № 17-2024 от 15.01.2024 01.10.2026-31.10.2026.xlsx' */
  fileName: string
}

/** Characters a file name may not hold on common systems become '-'. */
export const safeFileName = (text: string) =>
  text
    .replace(/[\\/:*?"<>|]+/g, '-')
    .replace(/\s+/g, ' ')
    .trim()

/** Sends the file as a download: RFC 6266, an ASCII fallback name and the Russian one in UTF-8; never cached. */
export function sendXlsx(reply: FastifyReply, file: XlsxFile, asciiName: string) {
  return reply
    .header('Content-Type', XLSX_CONTENT_TYPE)
    .header('Content-Disposition', `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
    .header('Cache-Control', 'private, no-store')
    .send(file.bytes)
}

/** A table's title row: bold, a rule under it and a light fill. */
export function styleTitleRow(row: ExcelJS.Row) {
  row.font = { bold: true }
  row.eachCell((cell) => {
    cell.border = { bottom: { style: 'thin' } }
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE5EEFB' } }
  })
}

export const MONEY_FORMAT = '#,##0.00'
