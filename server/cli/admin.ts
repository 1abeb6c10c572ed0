import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { ConfigError, loadConfig, openConfiguredDatabase } from '../config'
import type { Db } from '../db/connection'
import { migrate } from '../db/migrations'
import type { AppDeps } from '../deps'
import { createMailer } from '../mail/mailer'
import { accessOpenedMail, registrationRejectedMail } from '../mail/messages'
import { listCallbackRequests } from '../callbacks/callback-requests'
import { listAllComplaints, setComplaintState } from '../complaints/complaint-store'
import { COMPLAINT_STATE_KEYS, COMPLAINT_STATES, isComplaintState } from '../../src/contract/complaints'
import { AdminError } from './admin-error'
import { formatTable } from './text-table'
import { problemReportsTable, writeProblemReportJournal } from './problem-report-commands'
import { BACKUP_MESSAGES, BackupRefusal, backupSqlite } from './backup'
import { replyAsSupplier } from '../inbox/inbox-store'
import { CHAT_MESSAGE_MAX_LENGTH, INBOX_MESSAGES } from '../../src/contract/inbox'
import { changeOrderState } from '../orders/order-state'
import { HttpError } from '../validation'

export type AdminDeps = Pick<AppDeps, 'db' | 'mailer' | 'now'> & {
  /** the SQLite file the database lives in (DB_FILE); none on PostgreSQL */
  sqliteFile?: string
}

export const USAGE = [
  'Использование: npm run admin -- <команда>',
  '  pending            заявки на регистрацию, ждущие решения',
  '  approve <e-mail>   одобрить заявку: открыть доступ и завести договор поставки',
  '  reject <e-mail>    отклонить заявку',
  '  chat reply <компания> <текст>  ответить в чат компании от менеджера поставщика (компания: её id, название или e-mail её учётной записи)',
  '  callbacks          заявки на обратный звонок, новые первыми',
  '  order-state <номер заказа> <состояние>  перевести заказ в другое состояние (его id или название: «Отгружен»); компания заказа получает уведомление',
  '  complaints         рекламации всех компаний, новые первыми',
  `  complaint-state <id> <состояние>  сменить состояние рекламации (${COMPLAINT_STATE_KEYS.join(', ')})`,
  '  reports            отчёты «Сообщить о проблеме» всех компаний, новые первыми',
  '  report <id> <файл> записать журнал отчёта в файл (формат выгрузки журнала: npm run journal:replay <файл>)',
  '  backup <файл>      копия базы SQLite на ходу, сервер может работать (на PostgreSQL: pg_dump)',
].join('\n')

export interface PendingRegistration {
  email: string
  company: string
  inn: string
  name: string
  phone: string
  createdAt: string
}

export function listPendingRegistrations(db: Db): Promise<PendingRegistration[]> {
  return db.kysely
    .selectFrom('users')
    .innerJoin('customers', 'customers.id', 'users.customer_id')
    .select(['users.email', 'customers.company', 'customers.inn', 'users.name', 'users.phone', 'users.created_at as createdAt'])
    .where('users.approval', '=', 'pending')
    .orderBy('users.created_at')
    .execute()
}

async function findPending(db: Db, email: string) {
  const user = await db.kysely
    .selectFrom('users')
    .select(['id', 'customer_id', 'email', 'name', 'approval'])
    .where('email', '=', email.trim().toLowerCase())
    .executeTakeFirst()
  if (!user) throw new AdminError(`Пользователь с e-mail ${email} не найден`)
  if (user.approval !== 'pending') {
    const decided = user.approval === 'approved' ? 'одобрена' : 'отклонена'
    throw new AdminError(`Заявка ${user.email} уже рассмотрена: ${decided}`)
  }
  return user
}

/** Opens the cabinet to a pending registration; its company gets a supply contract if it has none. Answers the contract's name. */
export async function approveRegistration(deps: AdminDeps, email: string): Promise<string> {
  const user = await findPending(deps.db, email)
  const now = deps.now()
  const contractHeader = await deps.db.kysely.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ approval: 'approved' }).where('id', '=', user.id).execute()
    const existing = await trx.selectFrom('contracts').select('header').where('customer_id', '=', user.customer_id).orderBy('id').executeTakeFirst()
    if (existing) return existing.header
    const contragent = await trx.selectFrom('contragents').select('id').where('customer_id', '=', user.customer_id).orderBy('id').executeTakeFirstOrThrow()
    const header = `Договор поставки № ${user.customer_id}/${now.getFullYear()}`
    await trx.insertInto('contracts').values({ customer_id: user.customer_id, contragent_id: contragent.id, header, price_factor: 1 }).execute()
    return header
  })
  await deps.mailer.send(accessOpenedMail(user.email, user.name))
  return contractHeader
}

export async function rejectRegistration(deps: AdminDeps, email: string): Promise<void> {
  const user = await findPending(deps.db, email)
  await deps.db.kysely.updateTable('users').set({ approval: 'rejected' }).where('id', '=', user.id).execute()
  await deps.mailer.send(registrationRejectedMail(user.email, user.name))
}

/** The company named by its id, its exact name or the e-mail of one of its logins. */
async function findCompany(db: Db, name: string): Promise<{ id: number; company: string }> {
  const byUser = await db.kysely
    .selectFrom('users')
    .innerJoin('customers', 'customers.id', 'users.customer_id')
    .select(['customers.id', 'customers.company'])
    .where('users.email', '=', name.trim().toLowerCase())
    .executeTakeFirst()
  if (byUser) return byUser
  const query = db.kysely.selectFrom('customers').select(['id', 'company'])
  const found = /^\d+$/.test(name)
    ? await query.where('id', '=', Number(name)).executeTakeFirst()
    : await query.where('company', '=', name).executeTakeFirst()
  if (!found) throw new AdminError(`Компания ${name} не найдена`)
  return found
}

/** Issue 23: the supplier manager's reply in the company's chat (until the supplier side has a screen). */
export async function replyInChat(deps: AdminDeps, company: string, text: string): Promise<string> {
  if (text.trim() === '') throw new AdminError(INBOX_MESSAGES.emptyMessage)
  if (text.length > CHAT_MESSAGE_MAX_LENGTH) throw new AdminError(INBOX_MESSAGES.tooLong)
  const found = await findCompany(deps.db, company)
  await replyAsSupplier(deps.db, found.id, text, deps.now())
  return found.company
}

/** Issue 23: the supplier moves an order to another state; its company is notified. */
export async function setOrderState(deps: AdminDeps, orderRef: string, stateRef: string): Promise<string> {
  try {
    const change = await changeOrderState(deps.db, orderRef, stateRef, deps.now())
    return `Заказ № ${change.orderId} переведён в состояние «${change.state}», компания получила уведомление`
  } catch (error) {
    throw error instanceof HttpError ? new AdminError(error.message) : error
  }
}

const stateTitleOf = (state: string) => (isComplaintState(state) ? COMPLAINT_STATES[state] : state)

/** Issue 23: the supplier sets a complaint's state (until the supplier side has a screen). */
export async function changeComplaintState(deps: AdminDeps, id: string, state: string): Promise<string> {
  if (!isComplaintState(state)) throw new AdminError(`Состояние ${state} неизвестно; возможны: ${COMPLAINT_STATE_KEYS.join(', ')}`)
  if (!/^\d{1,9}$/.test(id) || !(await setComplaintState(deps.db, Number(id), state))) throw new AdminError(`Рекламация ${id} не найдена`)
  return `Рекламация ${id}: ${COMPLAINT_STATES[state]}`
}

const dateOf = (iso: string) => iso.slice(0, 10).split('-').reverse().join('.')
/** dd.mm.yyyy hh:mm in UTC, as stored */
const dateTimeOf = (iso: string) => `${dateOf(iso)} ${iso.slice(11, 16)}`

/** `backup <file>`: the SQLite copy, or on PostgreSQL the refusal that names pg_dump. */
async function backupDatabase(deps: AdminDeps, file: string): Promise<string> {
  if (deps.db.dialect === 'postgres' || !deps.sqliteFile) throw new AdminError(BACKUP_MESSAGES.postgres)
  const pages = await backupSqlite(deps.sqliteFile, file)
  return BACKUP_MESSAGES.done(resolve(file), pages)
}

/** Runs one command; answers the exit code (0 done, 1 refused, 2 usage). */
export async function runAdminCommand(args: string[], deps: AdminDeps, print: (text: string) => void): Promise<number> {
  const [command, email, ...extra] = args
  try {
    if (command === 'pending' && email === undefined) {
      const pending = await listPendingRegistrations(deps.db)
      print(
        pending.length === 0
          ? 'Нет заявок на регистрацию'
          : formatTable(
              ['E-mail', 'Компания', 'ИНН', 'Имя', 'Телефон', 'Дата'],
              pending.map((p) => [p.email, p.company, p.inn, p.name, p.phone, dateOf(p.createdAt)]),
            ),
      )
      return 0
    }
    if (command === 'approve' && email && extra.length === 0) {
      const contract = await approveRegistration(deps, email)
      print(`Заявка ${email} одобрена, доступ открыт. Договор: ${contract}`)
      return 0
    }
    if (command === 'reject' && email && extra.length === 0) {
      await rejectRegistration(deps, email)
      print(`Заявка ${email} отклонена`)
      return 0
    }
    if (command === 'chat' && email === 'reply' && extra.length >= 2) {
      const [company, ...words] = extra as [string, ...string[]]
      print(`Ответ отправлен в чат компании ${await replyInChat(deps, company, words.join(' '))}`)
      return 0
    }
    if (command === 'order-state' && email && extra.length >= 1) {
      print(await setOrderState(deps, email, extra.join(' ')))
      return 0
    }
    if (command === 'callbacks' && email === undefined) {
      const requests = await listCallbackRequests(deps.db)
      print(
        requests.length === 0
          ? 'Нет заявок на обратный звонок'
          : formatTable(
              ['Дата', 'Компания', 'Логин', 'Имя', 'Телефон'],
              requests.map((r) => [dateTimeOf(r.createdAt), r.company, r.email, r.firstname, r.phone]),
            ),
      )
      return 0
    }
    if (command === 'complaints' && email === undefined) {
      const complaints = await listAllComplaints(deps.db)
      print(
        complaints.length === 0
          ? 'Нет рекламаций'
          : formatTable(
              ['№', 'Дата', 'Компания', 'Состояние', 'Товаров', 'Комментарий'],
              complaints.map((c) => [String(c.id), dateTimeOf(c.createdAt), c.company, stateTitleOf(c.state), String(c.entries), c.comment]),
            ),
      )
      return 0
    }
    if (command === 'complaint-state' && email && extra.length === 1) {
      print(await changeComplaintState(deps, email, extra[0]!))
      return 0
    }
    if (command === 'reports' && email === undefined) {
      print(await problemReportsTable(deps.db))
      return 0
    }
    if (command === 'report' && email && extra.length === 1) {
      print(await writeProblemReportJournal(deps.db, email, extra[0]!))
      return 0
    }
    if (command === 'backup' && email && extra.length === 0) {
      print(await backupDatabase(deps, email))
      return 0
    }
    print(USAGE)
    return 2
  } catch (error) {
    if (error instanceof AdminError || error instanceof BackupRefusal) {
      print(error.message)
      return 1
    }
    throw error
  }
}

async function main() {
  const config = loadConfig()
  const db = openConfiguredDatabase(config)
  try {
    await migrate(db)
    const now = () => new Date()
    const mailer = createMailer({ db, from: config.mailFrom, smtpUrl: config.smtpUrl, now, log: { info: console.log, error: console.error } })
    const sqliteFile = config.databaseUrl ? undefined : config.dbFile
    process.exitCode = await runAdminCommand(process.argv.slice(2), { db, mailer, now, sqliteFile }, console.log)
  } finally {
    await db.close()
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error)
    process.exitCode = 1
  })
}
