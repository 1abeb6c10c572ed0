import type { FastifyInstance } from 'fastify'
import { deleteFavoritesRequestSchema, MARKED_LISTS, markedGoodsQuerySchema } from '../../src/contract/favorites'
import { requireAccount, signedInUser } from '../auth/require-account'
import type { AppDeps } from '../deps'
import { listMarkedGoods } from '../favorites/marked-goods'
import { parseInput, parseQuery } from '../validation'

/**
 * The favourites and needs pages (spec §2, §7): GET /api/favorites/ and /api/needs/, and the
 * legacy POST /ajax/deletefavorites/ {id}. The marks themselves are set and unset by
 * POST /api/setWish/, /api/unsetWish/, /api/setNeed/ and /api/unsetNeed/ (routes/wish-need.ts).
 */
export function registerFavoritesNeedsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps
  const guarded = { preHandler: requireAccount(deps) }

  for (const list of MARKED_LISTS) {
    app.get(`/api/${list}/`, guarded, async (request) => listMarkedGoods(db, signedInUser(request), list, parseQuery(markedGoodsQuerySchema, request)))
  }

  app.post('/ajax/deletefavorites/', guarded, async (request) => {
    const { id } = parseInput(deleteFavoritesRequestSchema, request.body)
    await db.kysely.deleteFrom('wishes').where('user_id', '=', signedInUser(request).id).where('product_id', '=', id).execute()
    return { inwish: false as const }
  })
}
