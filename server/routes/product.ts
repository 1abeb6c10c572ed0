import type { FastifyInstance } from 'fastify'
import {
  ajaxProductQuerySchema,
  bindsRequestSchema,
  productParamsSchema,
  productQuerySchema,
  type BindsResponse,
  type ProductResponse,
} from '../../src/contract/product'
import { requireAccount, signedInUser } from '../auth/require-account'
import type { SessionUser } from '../auth/sessions'
import { resolveCatalogueContext } from '../catalogue/contract'
import { bindDataOf, findProductRow, productCard } from '../catalogue/product-card'
import type { Db } from '../db/connection'
import type { AppDeps } from '../deps'
import { parseInput, parseParams, parseQuery } from '../validation'

async function productResponse(db: Db, user: SessionUser, id: number, contract: string, warehouse: number): Promise<ProductResponse> {
  const [context, row] = await Promise.all([resolveCatalogueContext(db, user, contract, warehouse), findProductRow(db, id)])
  return { product: await productCard(db, row, context.listing, context.contract) }
}

export function registerProductRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps
  const guarded = { preHandler: requireAccount(deps) }

  app.get('/api/product/:id/', guarded, async (request) => {
    const { id } = parseParams(productParamsSchema, request)
    const { contract, warehouse } = parseQuery(productQuerySchema, request)
    return productResponse(db, signedInUser(request), id, contract, warehouse)
  })

  /** The product popup card (spec §2): the same data as /api/product/{id}/. */
  app.get('/ajax/getproduct/', guarded, async (request) => {
    const { id, contract, warehouse } = parseQuery(ajaxProductQuerySchema, request)
    return productResponse(db, signedInUser(request), id, contract, warehouse)
  })

  /** Bulk: the async tabs' data of several products; one unknown product fails the whole call with 404. */
  app.post('/api/binds/', guarded, async (request): Promise<BindsResponse> => {
    const items = parseInput(bindsRequestSchema, request.body)
    const user = signedInUser(request)
    const answers: BindsResponse = []
    for (const item of items) {
      const [context, row] = await Promise.all([resolveCatalogueContext(db, user, item.contract, item.warehouse), findProductRow(db, item.id)])
      answers.push({ id: item.id, data: await bindDataOf(db, row, item.bindIds, context.listing, context.warehouses) })
    }
    return answers
  })
}
