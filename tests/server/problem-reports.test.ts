import { mkdtemp, readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  PROBLEM_REPORT_COMMENT_MAX_LENGTH,
  PROBLEM_REPORT_MAX_BYTES,
  PROBLEM_REPORT_MESSAGES,
  problemReportResponseSchema,
} from '../../src/contract/problem-report'
import { journalExportSchema } from '../../src/contract/problem-report-request'
import { adminCommand } from '../support/admin-command'
import { demoLogin, loginAs, startServer, type ServerFixture } from '../support/server-fixture'

let fixture: ServerFixture
beforeAll(async () => {
  fixture = await startServer()
})
afterAll(() => fixture?.close())

const k = () => fixture.db.kysely
beforeEach(async () => {
  await k().deleteFrom('problem_reports').execute()
  await k().deleteFrom('rate_limits').execute()
})

const SECRET = 'мой-пароль-123'
const at = '2026-11-27T08:00:00.000Z'

/** A journal as the profile's export writes it, with a password the browser failed to mask. */
const journalWith = (entries: unknown[] = []) => ({
  format: 'cabinet-journal',
  version: 2,
  exportedAt: at,
  entries: [
    {
      at,
      actor: 'p1:x:1',
      machine: 'login',
      version: 'abc',
      event: { type: 'login.change', field: 'password', value: SECRET },
      value: 'editing',
      context: { email: 'a@b.ru', password: SECRET },
    },
    ...entries,
  ],
})

const send = (payload: unknown, cookie?: string, headers: Record<string, string> = {}) =>
  fixture.app.inject({
    method: 'POST',
    url: '/api/problem-reports/',
    headers: { ...(cookie ? { cookie } : {}), 'content-type': 'application/json', ...headers },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  })

const storedReports = () => k().selectFrom('problem_reports').selectAll().orderBy('id').execute()

const admin = adminCommand(() => fixture)

describe('POST /api/problem-reports/', () => {
  it('stores the comment and the journal with the account, its company, the size, the user agent and the time; passwords masked again', async () => {
    const cookie = await loginAs(fixture, 'mainAccount', 0)
    const response = await send({ comment: 'Не добавляется товар\nвторая строка', journal: journalWith() }, cookie, { 'user-agent': 'Тестовый браузер' })
    expect(response.statusCode, response.body).toBe(200)
    const { report } = problemReportResponseSchema.parse(response.json())

    const [row] = await storedReports()
    const user = await k().selectFrom('users').select(['id', 'customer_id']).where('email', '=', demoLogin('mainAccount', 0).email).executeTakeFirstOrThrow()
    expect(row).toMatchObject({
      id: report.id,
      user_id: user.id,
      customer_id: user.customer_id,
      comment: 'Не добавляется товар\nвторая строка',
      user_agent: 'Тестовый браузер',
      created_at: fixture.clock.now().toISOString(),
    })
    expect(row!.journal_size).toBe(Buffer.byteLength(row!.journal, 'utf8'))
    expect(row!.journal).not.toContain(SECRET)
    const stored = journalExportSchema.parse(JSON.parse(row!.journal))
    const [entry] = stored.entries
    expect(entry!.event).toEqual({ type: 'login.change', field: 'password', value: '•'.repeat(SECRET.length) })
    expect(entry!.context).toEqual({ email: 'a@b.ru', password: '•'.repeat(SECRET.length) })
  })

  const longComment = 'я'.repeat(PROBLEM_REPORT_COMMENT_MAX_LENGTH + 1)
  const badEntry = (entry: Record<string, unknown>) => ({ ...journalWith(), entries: [entry] })
  const entry = { at, actor: 'p1:x:1', machine: 'login', event: { type: 'x' }, value: 'x' }
  it.each([
    ['no comment', { journal: journalWith() }, PROBLEM_REPORT_MESSAGES.commentRequired],
    ['an empty comment', { comment: '', journal: journalWith() }, PROBLEM_REPORT_MESSAGES.commentRequired],
    ['a comment of spaces', { comment: '  \n ', journal: journalWith() }, PROBLEM_REPORT_MESSAGES.commentRequired],
    ['a comment over 2,000 characters', { comment: longComment, journal: journalWith() }, PROBLEM_REPORT_MESSAGES.commentTooLong],
    ['a comment with a control character', { comment: 'a\u0000b', journal: journalWith() }, 'управляющие символы'],
    ['a number for the comment', { comment: 5, journal: journalWith() }, 'Некорректный запрос'],
    ['no journal', { comment: 'x' }, PROBLEM_REPORT_MESSAGES.badJournal],
    ['a journal of another format', { comment: 'x', journal: { ...journalWith(), format: 'other' } }, PROBLEM_REPORT_MESSAGES.badJournal],
    ['a journal of an unknown version', { comment: 'x', journal: { ...journalWith(), version: 3 } }, PROBLEM_REPORT_MESSAGES.badJournal],
    ['entries that are not a list', { comment: 'x', journal: { ...journalWith(), entries: {} } }, PROBLEM_REPORT_MESSAGES.badJournal],
    ['an entry without its time', { comment: 'x', journal: badEntry({ ...entry, at: undefined }) }, PROBLEM_REPORT_MESSAGES.badJournal],
    ['an entry with a time that is no ISO time', { comment: 'x', journal: badEntry({ ...entry, at: 'вчера' }) }, PROBLEM_REPORT_MESSAGES.badJournal],
    ['an entry whose event has no type', { comment: 'x', journal: badEntry({ ...entry, event: {} }) }, PROBLEM_REPORT_MESSAGES.badJournal],
    ['an entry without its machine', { comment: 'x', journal: badEntry({ ...entry, machine: undefined }) }, PROBLEM_REPORT_MESSAGES.badJournal],
    ['a journal that is text', { comment: 'x', journal: '{"format":"cabinet-journal"}' }, PROBLEM_REPORT_MESSAGES.badJournal],
    ['a list for the body', [], 'Некорректный запрос'],
    ['a body that is not JSON', '{"comment":', 'не является корректным JSON'],
  ])('%s: 400 with a Russian message, nothing stored, not counted against the hour', async (_, payload, message) => {
    const cookie = await loginAs(fixture, 'mainAccount', 0)
    const response = await send(payload, cookie)
    expect(response.statusCode, response.body).toBe(400)
    expect(response.json<{ message: string }>().message).toContain(message)
    expect(await storedReports()).toEqual([])
    expect(await k().selectFrom('rate_limits').selectAll().where('key', 'like', 'problem-report:%').execute()).toEqual([])
  })

  it('a report over 1 MB: 413 with a Russian message, nothing stored', async () => {
    const cookie = await loginAs(fixture, 'mainAccount', 0)
    const filler = 'я'.repeat(PROBLEM_REPORT_MAX_BYTES / 2)
    const response = await send({ comment: 'x', journal: journalWith([{ ...entry, value: filler }]) }, cookie)
    expect(response.statusCode, response.body.slice(0, 200)).toBe(413)
    expect(response.json()).toEqual({ message: PROBLEM_REPORT_MESSAGES.tooLarge })
    expect(await storedReports()).toEqual([])
  })

  it('without a session: 401, nothing stored', async () => {
    const response = await send({ comment: 'x', journal: journalWith() })
    expect(response.statusCode).toBe(401)
    expect(await storedReports()).toEqual([])
  })

  it('takes the hourly limit of reports per account, then 429 in Russian; a colleague and the next hour may send', async () => {
    const cookie = await loginAs(fixture, 'mainAccount', 0)
    const limit = fixture.config.problemReportsPerHour
    for (let index = 0; index < limit; index += 1) expect((await send({ comment: `№${index}`, journal: journalWith() }, cookie)).statusCode).toBe(200)
    const refused = await send({ comment: 'ещё', journal: journalWith() }, cookie)
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toEqual({ message: PROBLEM_REPORT_MESSAGES.tooMany })
    expect(await storedReports()).toHaveLength(limit)

    expect((await send({ comment: 'коллега', journal: journalWith() }, await loginAs(fixture, 'manager', 0))).statusCode).toBe(200)
    fixture.clock.advance(60 * 60_000)
    expect((await send({ comment: 'через час', journal: journalWith() }, cookie)).statusCode).toBe(200)
  })
})

describe('no call reads a report back', () => {
  it('neither its own account, nor a colleague, nor another company gets the comment or the journal through any call', async () => {
    const own = await loginAs(fixture, 'mainAccount', 0)
    const comment = 'СЕКРЕТНЫЙ-КОММЕНТАРИЙ'
    const { report } = problemReportResponseSchema.parse((await send({ comment, journal: journalWith() }, own)).json())
    const before = await storedReports()
    const callers = [own, await loginAs(fixture, 'manager', 0), await loginAs(fixture, 'mainAccount', 1)]
    const calls = [
      { method: 'GET', url: '/api/problem-reports/' },
      { method: 'GET', url: `/api/problem-reports/${report.id}/` },
      { method: 'GET', url: `/rest/problem-reports/${report.id}/` },
      { method: 'GET', url: '/api/problem_reports/' },
      { method: 'GET', url: `/api/problem_reports/${report.id}/` },
      { method: 'POST', url: `/api/problem-reports/${report.id}/`, payload: { method: 'put', comment: 'x' } },
      { method: 'POST', url: `/api/problem-reports/${report.id}/`, payload: { method: 'update' } },
      { method: 'POST', url: `/api/problem-reports/${report.id}/`, payload: { method: 'del' } },
      { method: 'POST', url: '/api/problem-reports/', payload: { method: 'put', id: report.id } },
      { method: 'PUT', url: `/api/problem-reports/${report.id}/`, payload: {} },
      { method: 'DELETE', url: `/api/problem-reports/${report.id}/` },
    ] as const
    for (const cookie of callers) {
      for (const call of calls) {
        const response = await fixture.app.inject({ ...call, headers: { cookie } })
        expect(response.statusCode, `${call.method} ${call.url}`).toBeGreaterThanOrEqual(400)
        expect(response.statusCode, `${call.method} ${call.url}`).toBeLessThan(500)
        expect(response.body).not.toContain(comment)
        expect(response.body).not.toContain('login.change')
      }
    }
    expect(await storedReports()).toEqual(before)
  })
})

describe('npm run admin -- reports / report <id> <file>', () => {
  it('lists every company’s reports, newest first, with the first line of the comment; writes one out as a journal file', async () => {
    expect((await admin('reports')).text).toBe('Нет отчётов о проблемах')
    await send({ comment: 'Первый отчёт\nподробности', journal: journalWith() }, await loginAs(fixture, 'mainAccount', 0))
    const second = problemReportResponseSchema.parse(
      (await send({ comment: 'Второй', journal: journalWith() }, await loginAs(fixture, 'mainAccount', 1))).json(),
    )
    const [first, last] = await storedReports()

    const { code, text } = await admin('reports')
    expect(code).toBe(0)
    const lines = text.split('\n')
    expect(lines[0]).toMatch(/№.*Дата.*Компания.*Пользователь.*Размер, байт.*Комментарий/)
    const rowOf = (id: number) => lines.findIndex((line) => line.trimStart().startsWith(`${id} `))
    expect(rowOf(second.report.id)).toBeLessThan(rowOf(first!.id))
    expect(lines[rowOf(first!.id)]).toContain(demoLogin('mainAccount', 0).email)
    expect(lines[rowOf(first!.id)]).toContain(demoLogin('mainAccount', 0).company)
    expect(lines[rowOf(first!.id)]).toContain(String(first!.journal_size))
    expect(lines[rowOf(first!.id)]).toContain('Первый отчёт')
    expect(text).not.toContain('подробности')
    expect(lines[rowOf(last!.id)]).toContain(demoLogin('mainAccount', 1).email)

    const file = join(await mkdtemp(join(tmpdir(), 'problem-report-')), 'journal.json')
    expect(await admin('report', String(first!.id), file)).toEqual({ code: 0, text: `Журнал отчёта ${first!.id} записан в ${file}` })
    const written = await readFile(file, 'utf8')
    expect(written).not.toContain(SECRET)
    expect(journalExportSchema.parse(JSON.parse(written))).toEqual(JSON.parse(first!.journal))
  })

  it.each([['999999'], ['abc'], ['-1']])('report %s: no such report, exit code 1, no file', async (id) => {
    const file = join(await mkdtemp(join(tmpdir(), 'problem-report-')), 'journal.json')
    expect(await admin('report', id, file)).toEqual({ code: 1, text: `Отчёт ${id} не найден` })
    await expect(readFile(file)).rejects.toThrow()
  })

  it('report into a folder that is not there: refused in Russian, exit code 1', async () => {
    await send({ comment: 'x', journal: journalWith() }, await loginAs(fixture, 'mainAccount', 0))
    const [row] = await storedReports()
    const file = join(tmpdir(), 'нет-такой-папки', 'journal.json')
    const { code, text } = await admin('report', String(row!.id), file)
    expect(code).toBe(1)
    expect(text).toMatch(new RegExp(`^Не удалось записать ${file}: `))
  })

  it('report without a file: the usage, exit code 2', async () => {
    const { code, text } = await admin('report', '1')
    expect(code).toBe(2)
    expect(text).toContain('report <id> <файл>')
  })
})
