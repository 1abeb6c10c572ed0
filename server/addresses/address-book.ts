import { ADDRESS_MESSAGES, type Address, type AddressesQuery, type AddressesResponse } from '../../src/contract/addresses'
import type { Db } from '../db/connection'
import { HttpError } from '../validation'

/** The company's delivery addresses the dealer has not deleted. */
const liveAddresses = (db: Db, customerId: number) => db.kysely.selectFrom('addresses').where('customer_id', '=', customerId).where('deleted', '=', 0)

async function countAddresses(db: Db, customerId: number): Promise<number> {
  const row = await liveAddresses(db, customerId)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

/** GET /api/address/: one page of the company's addresses, newest first. */
export async function listAddresses(db: Db, customerId: number, { page, perpage }: AddressesQuery): Promise<AddressesResponse> {
  const [addresses, count] = await Promise.all([
    liveAddresses(db, customerId)
      .select(['id', 'full_address', 'postindex'])
      .orderBy('id', 'desc')
      .limit(perpage)
      .offset((page - 1) * perpage)
      .execute(),
    countAddresses(db, customerId),
  ])
  return { addresses, count, pagination: { page, perpage, pages: Math.ceil(count / perpage) } }
}

/** The company's own address; another company's, a deleted or a missing one is 404 alike. */
export async function findOwnAddress(db: Db, customerId: number, id: number): Promise<Address> {
  const row = await liveAddresses(db, customerId).select(['id', 'full_address', 'postindex']).where('id', '=', id).executeTakeFirst()
  if (!row) throw new HttpError(404, ADDRESS_MESSAGES.notFound)
  return row
}

export interface AddressFields {
  full_address: string
  postindex: string
}

export async function createAddress(db: Db, customerId: number, fields: AddressFields): Promise<Address> {
  return db.kysely
    .insertInto('addresses')
    .values({ customer_id: customerId, full_address: fields.full_address, postindex: fields.postindex })
    .returning(['id', 'full_address', 'postindex'])
    .executeTakeFirstOrThrow()
}

/**
 * Changes an address. One that orders were placed to is not rewritten under them: it is marked
 * deleted and the changed address becomes a new row (a new id), so each order keeps the address
 * its goods went to.
 */
export async function updateAddress(db: Db, customerId: number, address: Address, fields: Partial<AddressFields>): Promise<Address> {
  const changed = { full_address: fields.full_address ?? address.full_address, postindex: fields.postindex ?? address.postindex }
  if (changed.full_address === address.full_address && changed.postindex === address.postindex) return address
  const used = await db.kysely.selectFrom('orders').select('id').where('address_id', '=', address.id).limit(1).executeTakeFirst()
  if (!used) {
    await db.kysely.updateTable('addresses').set(changed).where('id', '=', address.id).execute()
    return { id: address.id, ...changed }
  }
  return db.kysely.transaction().execute(async (trx) => {
    await trx.updateTable('addresses').set({ deleted: 1 }).where('id', '=', address.id).execute()
    return trx
      .insertInto('addresses')
      .values({ customer_id: customerId, ...changed })
      .returning(['id', 'full_address', 'postindex'])
      .executeTakeFirstOrThrow()
  })
}

/**
 * Marks the address deleted and answers how many the company has left. The row stays for the
 * orders placed to it: their address_id and their detail are unchanged.
 */
export async function removeAddress(db: Db, customerId: number, address: Address): Promise<number> {
  await db.kysely.updateTable('addresses').set({ deleted: 1 }).where('id', '=', address.id).execute()
  return countAddresses(db, customerId)
}
