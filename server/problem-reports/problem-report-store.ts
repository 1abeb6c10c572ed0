import { maskedJson } from '../../src/contract/journal-secrets'
import type { ProblemReportRequest } from '../../src/contract/problem-report-request'
import type { SessionUser } from '../auth/sessions'
import type { Db } from '../db/connection'

/** The longest user agent kept: the header is the client's to fill. */
const USER_AGENT_MAX_LENGTH = 500

/**
 * Stores a report under the account and its company. The journal is masked again here by the
 * export's rule: a browser that sent a password in it (an old build, a hand-made request) does
 * not get it stored.
 */
export async function storeProblemReport(db: Db, user: SessionUser, report: ProblemReportRequest, userAgent: string, now: Date): Promise<number> {
  const journal = maskedJson(report.journal)
  const row = await db.kysely
    .insertInto('problem_reports')
    .values({
      customer_id: user.customer_id,
      user_id: user.id,
      comment: report.comment,
      journal,
      journal_size: Buffer.byteLength(journal, 'utf8'),
      user_agent: userAgent.slice(0, USER_AGENT_MAX_LENGTH),
      created_at: now.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return Number(row.id)
}

export interface ProblemReportRow {
  id: number
  createdAt: string
  company: string
  /** the account's e-mail; null once the account is deleted */
  email: string | null
  journalSize: number
  comment: string
}

/** Every company's reports, newest first, for the supplier (`npm run admin -- reports`). */
export async function listProblemReports(db: Db): Promise<ProblemReportRow[]> {
  const rows = await db.kysely
    .selectFrom('problem_reports')
    .innerJoin('customers', 'customers.id', 'problem_reports.customer_id')
    .leftJoin('users', 'users.id', 'problem_reports.user_id')
    .select([
      'problem_reports.id',
      'problem_reports.created_at as createdAt',
      'customers.company',
      'users.email',
      'problem_reports.journal_size as journalSize',
      'problem_reports.comment',
    ])
    .orderBy('problem_reports.id', 'desc')
    .execute()
  return rows.map((row) => ({ ...row, id: Number(row.id), journalSize: Number(row.journalSize) }))
}

/** The report's journal as stored (the export's JSON), or undefined when there is no such report. */
export async function problemReportJournal(db: Db, id: number): Promise<string | undefined> {
  const row = await db.kysely.selectFrom('problem_reports').select('journal').where('id', '=', id).executeTakeFirst()
  return row?.journal
}
