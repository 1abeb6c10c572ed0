import ExcelJS from 'exceljs'
import { ruDayOf } from '../../src/contract/acts'
import { MONEY_FORMAT, styleTitleRow } from '../xlsx-file'
import type { ActLedger } from './act-ledger'

const ACT_TITLE = 'Акт сверки взаимных расчётов'
const ACT_LABELS = {
  opening: 'Сальдо на начало периода',
  turnover: 'Обороты за период',
  closing: 'Сальдо на конец периода',
} as const

/** «за период с 01.10.2026 по 31.10.2026» */
const actPeriodText = (ledger: Pick<ActLedger, 'startDay' | 'endDay'>) => `за период с ${ruDayOf(ledger.startDay)} по ${ruDayOf(ledger.endDay)}`

/**
 * The act as an XLSX sheet: the title, period, contragent and contract; then Дата, Документ,
 * Дебет (orders), Кредит (payments) from the opening balance to the closing one. A positive
 * balance is the dealer's debt; the balance rows put it in Дебет, an overpayment in Кредит.
 */
export async function buildActWorkbook(ledger: ActLedger): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook()
  workbook.creator = 'Кабинет дилера'
  const sheet = workbook.addWorksheet('Акт сверки', { pageSetup: { orientation: 'portrait', fitToPage: true, fitToWidth: 1, fitToHeight: 0 } })
  sheet.columns = [
    { key: 'date', width: 13 },
    { key: 'document', width: 44 },
    { key: 'debit', width: 17, style: { numFmt: MONEY_FORMAT } },
    { key: 'credit', width: 17, style: { numFmt: MONEY_FORMAT } },
  ]
  sheet.addRow([ACT_TITLE]).font = { bold: true, size: 14 }
  sheet.addRow([actPeriodText(ledger)])
  sheet.addRow([`Контрагент: ${ledger.contragent}`])
  sheet.addRow([`Договор: ${ledger.contract}`])
  sheet.addRow([])
  styleTitleRow(sheet.addRow(['Дата', 'Документ', 'Дебет', 'Кредит']))
  const balanceRow = (label: string, balance: number) => {
    const row = sheet.addRow(['', label, balance >= 0 ? balance : 0, balance < 0 ? -balance : 0])
    row.font = { bold: true }
  }
  balanceRow(ACT_LABELS.opening, ledger.opening)
  for (const entry of ledger.entries) sheet.addRow([entry.date, entry.document, entry.debit || null, entry.credit || null])
  sheet.addRow(['', ACT_LABELS.turnover, ledger.debit, ledger.credit]).font = { bold: true }
  balanceRow(ACT_LABELS.closing, ledger.closing)
  sheet.views = [{ state: 'frozen', ySplit: 6 }]
  return Buffer.from(await workbook.xlsx.writeBuffer())
}
