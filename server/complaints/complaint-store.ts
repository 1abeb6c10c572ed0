import type { Complaint, ComplaintInput, ComplaintState, ComplaintsQuery, ComplaintsResponse } from '../../src/contract/complaints'
import { COMPLAINT_MESSAGES, isComplaintState } from '../../src/contract/complaints'
import type { SessionUser } from '../auth/sessions'
import type { Db } from '../db/connection'
import { HttpError } from '../validation'

type ComplaintRow = { id: number; created_at: string; state: string; comment: string }

/** The complaints' entries with their products, in the order they were typed. */
async function withEntries(db: Db, rows: ComplaintRow[]): Promise<Complaint[]> {
  if (rows.length === 0) return []
  const entries = await db.kysely
    .selectFrom('complaint_entries')
    .innerJoin('products', 'products.id', 'complaint_entries.product_id')
    .select(['complaint_entries.complaint_id', 'complaint_entries.product_id', 'products.header', 'products.articul', 'complaint_entries.qnt'])
    .where(
      'complaint_entries.complaint_id',
      'in',
      rows.map((row) => row.id),
    )
    .orderBy('complaint_entries.id')
    .execute()
  return rows.map((row) => ({
    id: row.id,
    created_at: row.created_at,
    state: isComplaintState(row.state) ? row.state : 'new',
    comment: row.comment,
    entries: entries
      .filter((entry) => entry.complaint_id === row.id)
      .map((entry) => ({ product_id: entry.product_id, header: entry.header, articul: entry.articul, quantity: Number(entry.qnt) })),
  }))
}

/** Stores the complaint under the account's company, every entry's product checked first: all of it or nothing. */
export async function createComplaint(db: Db, user: SessionUser, input: ComplaintInput, now: Date): Promise<Complaint> {
  const ids = input.entries.map((entry) => entry.product_id)
  const found = await db.kysely.selectFrom('products').select('id').where('id', 'in', ids).execute()
  if (found.length !== ids.length) throw new HttpError(400, COMPLAINT_MESSAGES.unknownProduct)
  const row = await db.kysely.transaction().execute(async (trx) => {
    const complaint = await trx
      .insertInto('complaints')
      .values({ customer_id: user.customer_id, user_id: user.id, comment: input.comment, state: 'new', created_at: now.toISOString() })
      .returning(['id', 'created_at', 'state', 'comment'])
      .executeTakeFirstOrThrow()
    await trx
      .insertInto('complaint_entries')
      .values(input.entries.map((entry) => ({ complaint_id: complaint.id, product_id: entry.product_id, qnt: entry.quantity })))
      .execute()
    return complaint
  })
  const [complaint] = await withEntries(db, [row])
  return complaint!
}

/** GET /api/complaints/: one page of the company's complaints, newest first, with their entries. */
export async function listComplaints(db: Db, customerId: number, { page, perpage }: ComplaintsQuery): Promise<ComplaintsResponse> {
  const [rows, total] = await Promise.all([
    db.kysely
      .selectFrom('complaints')
      .select(['id', 'created_at', 'state', 'comment'])
      .where('customer_id', '=', customerId)
      .orderBy('id', 'desc')
      .limit(perpage)
      .offset((page - 1) * perpage)
      .execute(),
    db.kysely
      .selectFrom('complaints')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('customer_id', '=', customerId)
      .executeTakeFirstOrThrow(),
  ])
  const count = Number(total.count)
  return { complaints: await withEntries(db, rows), count, pagination: { page, perpage, pages: Math.ceil(count / perpage) } }
}

export interface ListedComplaint {
  id: number
  createdAt: string
  company: string
  state: string
  entries: number
  comment: string
}

/** Every company's complaints, newest first (the admin's list). */
export function listAllComplaints(db: Db, limit = 100): Promise<ListedComplaint[]> {
  return db.kysely
    .selectFrom('complaints')
    .innerJoin('customers', 'customers.id', 'complaints.customer_id')
    .leftJoin('complaint_entries', 'complaint_entries.complaint_id', 'complaints.id')
    .select((eb) => [
      'complaints.id',
      'complaints.created_at as createdAt',
      'customers.company',
      'complaints.state',
      'complaints.comment',
      eb.fn.count<number>('complaint_entries.id').as('entries'),
    ])
    .groupBy(['complaints.id', 'complaints.created_at', 'customers.company', 'complaints.state', 'complaints.comment'])
    .orderBy('complaints.id', 'desc')
    .limit(limit)
    .execute()
}

/** Sets one complaint's state; false when there is no such complaint. */
export async function setComplaintState(db: Db, id: number, state: ComplaintState): Promise<boolean> {
  const result = await db.kysely.updateTable('complaints').set({ state }).where('id', '=', id).executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}
