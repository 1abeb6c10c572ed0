import type { Selectable } from 'kysely'
import { CONTRAGENT_MESSAGES, type Contragent, type ContragentState } from '../../src/contract/contragents'
import type { SessionUser } from '../auth/sessions'
import type { Db } from '../db/connection'
import type { Database } from '../db/schema'
import { HttpError } from '../validation'

type ContragentRow = Selectable<Database['contragents']>

/** The contract's wire shape of a row. */
const contragentOf = (row: ContragentRow): Contragent => ({
  id: row.id,
  company: row.company,
  inn: row.inn,
  kpp: row.kpp,
  is_new: row.is_new === 1,
  state: row.state === 'inactive' ? 'inactive' : 'active',
})

/** The company's listed contragents: a deleted one is left out everywhere but in the history. */
const listed = (db: Db, customerId: number) =>
  db.kysely.selectFrom('contragents').selectAll().where('customer_id', '=', customerId).where('deleted_at', 'is', null)

export async function listContragents(db: Db, user: SessionUser): Promise<Contragent[]> {
  const rows = await listed(db, user.customer_id).orderBy('id').execute()
  return rows.map(contragentOf)
}

/** The company's listed contragent `id`; another company's, a deleted one or none at all is 404 alike. */
export async function findOwnContragent(db: Db, user: SessionUser, id: number): Promise<Contragent> {
  const row = await listed(db, user.customer_id).where('id', '=', id).executeTakeFirst()
  if (!row) throw new HttpError(404, CONTRAGENT_MESSAGES.notFound)
  return contragentOf(row)
}

interface ContragentFields {
  company: string
  inn: string
  kpp: string
}

/** Spec §8: the same INN and KPP twice in one company (a deleted one does not count) is 409 «Этот контрагент уже зарегистрирован». */
async function refuseDuplicate(db: Db, customerId: number, fields: ContragentFields, exceptId?: number): Promise<void> {
  let query = listed(db, customerId).select('id').where('inn', '=', fields.inn).where('kpp', '=', fields.kpp)
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId)
  if (await query.executeTakeFirst()) throw new HttpError(409, CONTRAGENT_MESSAGES.duplicate)
}

/** A contragent the dealer adds is new (the supplier has not checked it yet) and active. */
export async function addContragent(db: Db, user: SessionUser, fields: ContragentFields): Promise<Contragent> {
  await refuseDuplicate(db, user.customer_id, fields)
  const { id } = await asDuplicate(
    db.kysely
      .insertInto('contragents')
      .values({ customer_id: user.customer_id, company: fields.company, inn: fields.inn, kpp: fields.kpp, is_new: 1, state: 'active' })
      .returning('id')
      .executeTakeFirstOrThrow(),
  )
  return findOwnContragent(db, user, id)
}

export async function editContragent(db: Db, user: SessionUser, id: number, fields: ContragentFields): Promise<Contragent> {
  await findOwnContragent(db, user, id)
  await refuseDuplicate(db, user.customer_id, fields, id)
  await asDuplicate(db.kysely.updateTable('contragents').set({ company: fields.company, inn: fields.inn, kpp: fields.kpp }).where('id', '=', id).execute())
  return findOwnContragent(db, user, id)
}

/** PostgreSQL's unique_violation, SQLite's SQLITE_CONSTRAINT_UNIQUE */
const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && 'code' in error && (error.code === '23505' || error.code === 'SQLITE_CONSTRAINT_UNIQUE')

/** A concurrent add of the same INN and KPP got in between the check and the write: the unique index refuses it as the check would. */
async function asDuplicate<T>(write: Promise<T>): Promise<T> {
  try {
    return await write
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, CONTRAGENT_MESSAGES.duplicate)
    throw error
  }
}

export async function setContragentState(db: Db, user: SessionUser, id: number, state: ContragentState): Promise<Contragent> {
  await findOwnContragent(db, user, id)
  await db.kysely.updateTable('contragents').set({ state }).where('id', '=', id).execute()
  return findOwnContragent(db, user, id)
}

/**
 * A soft delete: the row stays (acts and orders keep the name it had) and leaves the lists. A
 * contragent with contracts is refused (409): its contracts carry the orders, acts and prices of
 * the company, which must not lose their party. Answers how many are left.
 */
export async function removeContragent(db: Db, user: SessionUser, id: number, now: Date): Promise<number> {
  await findOwnContragent(db, user, id)
  const contract = await db.kysely.selectFrom('contracts').select('id').where('contragent_id', '=', id).executeTakeFirst()
  if (contract) throw new HttpError(409, CONTRAGENT_MESSAGES.hasContracts)
  await db.kysely.updateTable('contragents').set({ deleted_at: now.toISOString() }).where('id', '=', id).execute()
  return (await listContragents(db, user)).length
}
