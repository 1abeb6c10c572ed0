import type { Consignee, ConsigneeFields, ConsigneeImageType } from '../../src/contract/consignees'
import { CONSIGNEE_MESSAGES } from '../../src/contract/consignees'
import type { Db } from '../db/connection'
import { HttpError } from '../validation'

const COLUMNS = ['id', 'surname', 'name', 'file_name'] as const

/** The company's consignees still in use (a removed one keeps its row for the orders placed with it). */
const live = (db: Db, customerId: number) => db.kysely.selectFrom('consignees').where('customer_id', '=', customerId).where('deleted_at', 'is', null)

/** GET /api/consignee/: the company's consignees, oldest first. */
export const listConsignees = (db: Db, customerId: number): Promise<Consignee[]> => live(db, customerId).select(COLUMNS).orderBy('id').execute()

/** One of the company's consignees; another company's (or a removed one) is not found: 404. */
export async function findConsignee(db: Db, customerId: number, id: number): Promise<Consignee> {
  const row = await live(db, customerId).select(COLUMNS).where('id', '=', id).executeTakeFirst()
  if (!row) throw new HttpError(404, CONSIGNEE_MESSAGES.notFound)
  return row
}

export async function createConsignee(db: Db, customerId: number, fields: ConsigneeFields): Promise<Consignee> {
  return db.kysely
    .insertInto('consignees')
    .values({ customer_id: customerId, surname: fields.surname, name: fields.name, file_name: null })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow()
}

export async function updateConsignee(db: Db, customerId: number, id: number, fields: ConsigneeFields): Promise<Consignee> {
  await findConsignee(db, customerId, id)
  await db.kysely.updateTable('consignees').set({ surname: fields.surname, name: fields.name }).where('id', '=', id).execute()
  return findConsignee(db, customerId, id)
}

/** Marks the consignee removed (its orders keep it); answers how many the company has left. */
export async function removeConsignee(db: Db, customerId: number, id: number, now: Date): Promise<number> {
  await findConsignee(db, customerId, id)
  await db.kysely.updateTable('consignees').set({ deleted_at: now.toISOString() }).where('id', '=', id).execute()
  return (await listConsignees(db, customerId)).length
}

export interface ConsigneeImage {
  fileName: string
  mime: ConsigneeImageType
  bytes: Buffer
}

/** Attaches the image (replacing the one before) and keeps its name. */
export async function attachImage(db: Db, customerId: number, id: number, image: ConsigneeImage): Promise<Consignee> {
  await findConsignee(db, customerId, id)
  await db.kysely.transaction().execute(async (trx) => {
    await trx.deleteFrom('consignee_files').where('consignee_id', '=', id).execute()
    await trx.insertInto('consignee_files').values({ consignee_id: id, mime: image.mime, bytes: image.bytes }).execute()
    await trx.updateTable('consignees').set({ file_name: image.fileName }).where('id', '=', id).execute()
  })
  return findConsignee(db, customerId, id)
}

/** The attached image of one of the company's consignees; 404 when there is none. */
export async function readImage(db: Db, customerId: number, id: number): Promise<{ mime: string; bytes: Buffer; fileName: string }> {
  const consignee = await findConsignee(db, customerId, id)
  const file = await db.kysely.selectFrom('consignee_files').select(['mime', 'bytes']).where('consignee_id', '=', id).executeTakeFirst()
  if (!file || consignee.file_name === null) throw new HttpError(404, CONSIGNEE_MESSAGES.noFile)
  return { mime: file.mime, bytes: Buffer.from(file.bytes), fileName: consignee.file_name }
}
