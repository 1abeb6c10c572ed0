import { MANAGER_MESSAGES, managerFormSchema, type Manager } from '../../src/contract/managers'
import type { Transaction } from 'kysely'
import type * as z from 'zod/mini'
import type { Db } from '../db/connection'
import type { Database } from '../db/schema'
import { HttpError } from '../validation'
import { findManager, type Company } from './manager-rows'

type ManagerFields = z.output<typeof managerFormSchema>

/** A password hash no password matches: the manager signs in only after the invitation sets one. */
const NO_PASSWORD = '!invited'

/** The chosen contracts as ids of the company's own; another company's id is a 404, none at all a 400. */
async function companyContracts(db: Db, company: Company, ids: readonly string[]): Promise<number[]> {
  const wanted = [...new Set(ids.map(Number))].filter((id) => Number.isInteger(id) && id > 0)
  if (wanted.length === 0) throw new HttpError(400, MANAGER_MESSAGES.noContract)
  const own = await db.kysely.selectFrom('contracts').select('id').where('customer_id', '=', company.customer_id).where('id', 'in', wanted).execute()
  if (own.length !== wanted.length) throw new HttpError(404, 'Договор не найден')
  return own.map((row) => row.id).sort((a, b) => a - b)
}

async function refuseTakenEmail(db: Db, email: string, exceptId?: number): Promise<void> {
  let query = db.kysely.selectFrom('users').select('id').where('email', '=', email)
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId)
  if (await query.executeTakeFirst()) throw new HttpError(409, MANAGER_MESSAGES.emailTaken)
}

/** A unique-index race (two saves of one e-mail at once) is the same 409. */
const isUniqueViolation = (error: unknown) => error instanceof Error && /unique/i.test(error.message)

async function writeGrants(trx: Transaction<Database>, userId: number, contractIds: readonly number[]) {
  await trx.deleteFrom('manager_contracts').where('user_id', '=', userId).execute()
  await trx
    .insertInto('manager_contracts')
    .values(contractIds.map((contract_id) => ({ user_id: userId, contract_id })))
    .execute()
}

async function guardedWrite<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, MANAGER_MESSAGES.emailTaken)
    throw error
  }
}

/** POST /api/managers/: a new, enabled manager with no password yet (the invitation sets it). */
export async function createManager(db: Db, company: Company, fields: ManagerFields, now: Date): Promise<Manager> {
  const email = fields.email.toLowerCase()
  const contractIds = await companyContracts(db, company, fields.contractSelect)
  await refuseTakenEmail(db, email)
  const id = await guardedWrite(() =>
    db.kysely.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('users')
        .values({
          customer_id: company.customer_id,
          email,
          password_hash: NO_PASSWORD,
          type_id: fields.type_id,
          name: fields.name || email,
          phone: '',
          enabled: '1',
          approval: 'approved',
          disabled_menus: JSON.stringify(fields.disabledMenus),
          current_contract_id: contractIds[0] ?? null,
          created_at: now.toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      await writeGrants(trx, row.id, contractIds)
      return row.id
    }),
  )
  return findManager(db, company, id)
}

/** PUT /api/managers/{id}/: the manager's next request already sees the new contracts and sections. */
export async function updateManager(db: Db, company: Company, id: number, fields: ManagerFields): Promise<Manager> {
  const before = await findManager(db, company, id)
  const email = fields.email.toLowerCase()
  const contractIds = await companyContracts(db, company, fields.contractSelect)
  await refuseTakenEmail(db, email, id)
  await guardedWrite(() =>
    db.kysely.transaction().execute(async (trx) => {
      await trx
        .updateTable('users')
        .set({ email, name: fields.name || before.name, type_id: fields.type_id, disabled_menus: JSON.stringify(fields.disabledMenus) })
        .where('id', '=', id)
        .execute()
      await writeGrants(trx, id, contractIds)
    }),
  )
  return findManager(db, company, id)
}

/** The enable toggle: a disabled manager's sessions end at once. */
export async function setManagerEnabled(db: Db, company: Company, id: number, enabled: boolean): Promise<Manager> {
  await findManager(db, company, id)
  await db.kysely.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ enabled: enabled ? '1' : '0' })
      .where('id', '=', id)
      .execute()
    if (!enabled) await trx.deleteFrom('sessions').where('user_id', '=', id).execute()
  })
  return findManager(db, company, id)
}

/**
 * A soft delete: the row stays (orders keep their user, history the name), the sessions and the
 * invitations end, and the e-mail is freed for a new manager.
 */
export async function deleteManager(db: Db, company: Company, id: number, now: Date): Promise<void> {
  const manager = await findManager(db, company, id)
  await db.kysely.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ enabled: '0', deleted_at: now.toISOString(), email: `deleted-${id}:${manager.email}` })
      .where('id', '=', id)
      .execute()
    await trx.deleteFrom('sessions').where('user_id', '=', id).execute()
    await trx.deleteFrom('manager_invitations').where('user_id', '=', id).execute()
    await trx.deleteFrom('password_resets').where('user_id', '=', id).execute()
  })
}
