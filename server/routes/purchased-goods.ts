import type { FastifyInstance } from 'fastify'
import { purchasedGoodsQuerySchema } from '../../src/contract/purchased-goods'
import { requireAccount, signedInUser } from '../auth/require-account'
import type { AppDeps } from '../deps'
import { purchasedGoods } from '../reports/purchased-goods'
import { parseQuery } from '../validation'

/** Spec §7 purchasedGoods: the purchased-goods reports of /cabinet/purchased/. */
export function registerPurchasedGoodsRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.get('/api/purchasedGoods/', { preHandler: requireAccount(deps) }, async (request) =>
    purchasedGoods(deps.db, signedInUser(request), parseQuery(purchasedGoodsQuerySchema, request), deps.now()),
  )
}
