import type { CallbackRequest } from '../../src/contract/callback'
import type { SessionUser } from '../auth/sessions'
import type { Db } from '../db/connection'

/** Keeps a dealer's callback request for the supplier, under the account's company. */
export async function storeCallbackRequest(db: Db, user: SessionUser, data: CallbackRequest['data'], now: Date): Promise<void> {
  await db.kysely
    .insertInto('callback_requests')
    .values({ customer_id: user.customer_id, user_id: user.id, firstname: data.firstname, phone: data.phone, created_at: now.toISOString() })
    .execute()
}

export interface ListedCallbackRequest {
  createdAt: string
  company: string
  email: string
  firstname: string
  phone: string
}

/** The callback requests, newest first, with the company and login that left them (the admin's list). */
export function listCallbackRequests(db: Db, limit = 100): Promise<ListedCallbackRequest[]> {
  return db.kysely
    .selectFrom('callback_requests')
    .innerJoin('customers', 'customers.id', 'callback_requests.customer_id')
    .innerJoin('users', 'users.id', 'callback_requests.user_id')
    .select(['callback_requests.created_at as createdAt', 'customers.company', 'users.email', 'callback_requests.firstname', 'callback_requests.phone'])
    .orderBy('callback_requests.created_at', 'desc')
    .orderBy('callback_requests.id', 'desc')
    .limit(limit)
    .execute()
}
