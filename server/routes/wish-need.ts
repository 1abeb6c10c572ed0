import type { FastifyInstance } from 'fastify'
import { needRequestSchema, unsetNeedRequestSchema, wishRequestSchema } from '../../src/contract/product'
import { requireAccount, signedInUser } from '../auth/require-account'
import { findProductRow } from '../catalogue/product-card'
import type { AppDeps } from '../deps'
import { parseInput } from '../validation'

/** Favourites (wish) and the needs list: per user, per product (spec §4). */
export function registerWishNeedRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps
  const guarded = { preHandler: requireAccount(deps) }

  app.post('/api/setWish/', guarded, async (request) => {
    const { id } = parseInput(wishRequestSchema, request.body)
    const user = signedInUser(request)
    await findProductRow(db, id)
    await db.kysely
      .insertInto('wishes')
      .values({ user_id: user.id, product_id: id })
      .onConflict((oc) => oc.columns(['user_id', 'product_id']).doNothing())
      .execute()
    return { inwish: true }
  })

  app.post('/api/unsetWish/', guarded, async (request) => {
    const { id } = parseInput(wishRequestSchema, request.body)
    await db.kysely.deleteFrom('wishes').where('user_id', '=', signedInUser(request).id).where('product_id', '=', id).execute()
    return { inwish: false }
  })

  app.post('/api/setNeed/', guarded, async (request) => {
    const { id, need } = parseInput(needRequestSchema, request.body)
    const user = signedInUser(request)
    await findProductRow(db, id)
    await db.kysely
      .insertInto('needs')
      .values({ user_id: user.id, product_id: id, need })
      .onConflict((oc) => oc.columns(['user_id', 'product_id']).doUpdateSet({ need }))
      .execute()
    return { need }
  })

  app.post('/api/unsetNeed/', guarded, async (request) => {
    const { id } = parseInput(unsetNeedRequestSchema, request.body)
    await db.kysely.deleteFrom('needs').where('user_id', '=', signedInUser(request).id).where('product_id', '=', id).execute()
    return { need: 0 }
  })
}
