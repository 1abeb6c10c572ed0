import { writeFile } from 'node:fs/promises'
import type { Db } from '../db/connection'
import { AdminError } from './admin-error'
import { listProblemReports, problemReportJournal } from '../problem-reports/problem-report-store'
import { formatTable } from './text-table'

/** dd.mm.yyyy hh:mm in UTC, as stored */
const dateTimeOf = (iso: string) => `${iso.slice(0, 10).split('-').reverse().join('.')} ${iso.slice(11, 16)}`

const firstLineOf = (comment: string) => comment.trim().split(/\r?\n/, 1)[0] ?? ''

/** Issue 25: every company's «Сообщить о проблеме» reports, newest first, as a table (`npm run admin -- reports`). */
export async function problemReportsTable(db: Db): Promise<string> {
  const reports = await listProblemReports(db)
  if (reports.length === 0) return 'Нет отчётов о проблемах'
  return formatTable(
    ['№', 'Дата', 'Компания', 'Пользователь', 'Размер, байт', 'Комментарий'],
    reports.map((report) => [
      String(report.id),
      dateTimeOf(report.createdAt),
      report.company,
      report.email ?? '—',
      String(report.journalSize),
      firstLineOf(report.comment),
    ]),
  )
}

/**
 * Writes the report's journal to `file` as the profile's «Скачать журнал» would (the export's JSON),
 * for `npm run journal:replay` and the atlas's journal viewer. Answers what to print; a report that
 * is not there or a file that cannot be written is refused in Russian.
 */
export async function writeProblemReportJournal(db: Db, id: string, file: string): Promise<string> {
  const journal = /^\d{1,9}$/.test(id) ? await problemReportJournal(db, Number(id)) : undefined
  if (journal === undefined) throw new AdminError(`Отчёт ${id} не найден`)
  try {
    await writeFile(file, `${JSON.stringify(JSON.parse(journal), null, 2)}\n`, 'utf8')
  } catch (error) {
    throw new AdminError(`Не удалось записать ${file}: ${error instanceof Error ? error.message : String(error)}`)
  }
  return `Журнал отчёта ${id} записан в ${file}`
}
