import type { FastifyInstance } from 'fastify'
import { filterRequestSchema } from '../../src/contract/catalogue'
import { brandProductsRequestSchema } from '../../src/contract/brand-products'
import { requireAccount, signedInUser } from '../auth/require-account'
import { brandPage } from '../catalogue/brand-page'
import { filterAnswer } from '../catalogue/answer-cache'
import { sendKeptAnswer } from '../catalogue/kept-answer-reply'
import type { AppDeps } from '../deps'
import { parseInput } from '../validation'

export function registerCatalogueRoutes(app: FastifyInstance, deps: AppDeps): void {
  const guarded = { preHandler: requireAccount(deps) }
  // the catalogue needs the allowed contracts on every call: read with the session, one query for both
  const guardedWithContracts = { preHandler: requireAccount(deps, { withContracts: true }) }

  app.post('/api/filter/', guardedWithContracts, async (request, reply) => {
    const filter = parseInput(filterRequestSchema, request.body ?? {})
    return sendKeptAnswer(request, reply, await filterAnswer(deps.db, signedInUser(request), filter))
  })

  /** The brand page (spec §2): id 0 = all brands. */
  app.post('/api/getProductsByBrandId/', guardedWithContracts, async (request) => {
    const body = parseInput(brandProductsRequestSchema, request.body)
    return brandPage(deps.db, signedInUser(request), body)
  })

  /** The cheapest signed-in answer: the baseline the catalogue benchmark compares with. */
  app.get('/api/ping/', guarded, async () => ({ ok: true as const }))
}
