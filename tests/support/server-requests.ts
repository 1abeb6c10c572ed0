import type { LightMyRequestResponse } from 'fastify'
import type { ServerFixture } from './server-fixture'

type Session = string | null

/**
 * GET and POST through the app's inject, as a session cookie (null: signed out). The fixture and
 * the default session are read at call time, since test files assign them in beforeAll.
 */
export function sessionRequests(fixture: () => ServerFixture, defaultSession: () => Session) {
  const headers = (session: Session) => (session ? { cookie: session } : {})
  return {
    get: (url: string, session: Session = defaultSession()): Promise<LightMyRequestResponse> =>
      fixture().app.inject({ method: 'GET', url, headers: headers(session) }),
    post: (url: string, payload: unknown, session: Session = defaultSession()): Promise<LightMyRequestResponse> =>
      fixture().app.inject({ method: 'POST', url, payload: payload as object, headers: headers(session) }),
  }
}

export const userIdOf = async (fixture: ServerFixture, email: string): Promise<number> =>
  (await fixture.db.kysely.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id

/** Products with at least `min` units at the warehouse, by id, skipping the first `skip`. */
export function stockedProducts(fixture: ServerFixture, options: { min: number; count?: number; skip?: number; warehouse?: number }) {
  return fixture.db.kysely
    .selectFrom('stocks')
    .select(['product_id as id', 'quantity as stock'])
    .where('warehouse_id', '=', options.warehouse ?? 1)
    .where('quantity', '>=', options.min)
    .orderBy('product_id')
    .limit(options.count ?? 1)
    .offset(options.skip ?? 0)
    .execute()
}

/** One product with at least `min` units at warehouse 1. */
export async function stockedProduct(fixture: ServerFixture, min: number, skip = 0): Promise<{ id: number; stock: number }> {
  const [row] = await stockedProducts(fixture, { min, skip })
  if (!row) throw new Error(`no product with ${min} units at warehouse 1`)
  return row
}

/** The quantity of a basket line (0 when there is none). */
export async function basketLineQnt(
  fixture: ServerFixture,
  line: { userId: number; productId: number; contract?: number; warehouse?: number },
): Promise<number> {
  const row = await fixture.db.kysely
    .selectFrom('basket_lines')
    .select('qnt')
    .where('user_id', '=', line.userId)
    .where('contract_id', '=', line.contract ?? 1)
    .where('product_id', '=', line.productId)
    .where('warehouse_id', '=', line.warehouse ?? 1)
    .executeTakeFirst()
  return row?.qnt ?? 0
}
