import type { FastifyInstance } from 'fastify'
import { brandProductsRequestSchema, filterRequestSchema } from '../../src/contract/catalogue'
import { requireAccount, signedInUser } from '../auth/require-account'
import { brandPage } from '../catalogue/brand-page'
import { runFilter } from '../catalogue/run-filter'
import type { AppDeps } from '../deps'
import { parseInput } from '../validation'

export function registerCatalogueRoutes(app: FastifyInstance, deps: AppDeps): void {
  const guarded = { preHandler: requireAccount(deps) }

  app.post('/api/filter/', guarded, async (request) => {
    const filter = parseInput(filterRequestSchema, request.body ?? {})
    return runFilter(deps.db, signedInUser(request), filter)
  })

  /** The brand page (spec §2): id 0 = all brands. */
  app.post('/api/getProductsByBrandId/', guarded, async (request) => {
    const body = parseInput(brandProductsRequestSchema, request.body)
    return brandPage(deps.db, signedInUser(request), body)
  })

  /** The cheapest signed-in answer: the baseline the catalogue benchmark compares with. */
  app.get('/api/ping/', guarded, async () => ({ ok: true as const }))
}
