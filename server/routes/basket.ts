import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import {
  BASKET_MESSAGES,
  basketDataQuerySchema,
  processBasketRequestSchema,
  type BasketAction,
  type OverStockError,
  type ProcessBasketResponse,
} from '../../src/contract/basket'
import { CATALOGUE_DEFAULTS } from '../../src/contract/catalogue'
import { clearBasketRequestSchema, type ClearBasketResponse } from '../../src/contract/delivery'
import { processProductSetRequestSchema, type ProductSetResponse } from '../../src/contract/product-set'
import { requireAccount, signedInUser } from '../auth/require-account'
import { changeBasketLine, basketData, basketSummary, removeBasketLine } from '../catalogue/basket-lines'
import { requireWarehouse, resolveCatalogueContext, resolveContract } from '../catalogue/contract'
import { findProductRow } from '../catalogue/product-card'
import { addProductSet } from '../catalogue/product-set'
import { listWarehouses } from '../catalogue/warehouses'
import type { AppDeps } from '../deps'
import { HttpError, parseInput, parseQuery } from '../validation'
import { sendPolled } from '../polled-answer'

export function registerBasketRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps
  const guarded = { preHandler: requireAccount(deps) }

  /** Spec §4-5: add qnt to a line, or set it (0 removes); never past the warehouse's free stock. */
  const processBasket = (defaultAction: BasketAction) => async (request: FastifyRequest, reply: FastifyReply) => {
    const body = parseInput(processBasketRequestSchema, request.body)
    const action = body.type ?? defaultAction
    if (action === 'add' && body.qnt === 0) throw new HttpError(400, BASKET_MESSAGES.zeroQuantity)
    const user = signedInUser(request)
    const [context] = await Promise.all([resolveCatalogueContext(db, user, body.contract, body.wms), findProductRow(db, body.id)])
    const line = { userId: user.id, contractId: context.contract.id, productId: body.id, warehouseId: body.wms }
    let changed: ProcessBasketResponse['line'] = null
    if (body.qnt === 0) {
      await removeBasketLine(db, line)
    } else {
      const result = await changeBasketLine(db, { ...line, qnt: body.qnt, action, now: deps.now() })
      if (!result.ok) {
        const refusal: OverStockError = { message: BASKET_MESSAGES.overStock, available: result.available }
        return reply.code(409).send(refusal)
      }
      changed = result.line
    }
    const answer: ProcessBasketResponse = { basket: await basketSummary(db, user, String(context.contract.id)), line: changed }
    return answer
  }

  app.post('/api/processBasket/', guarded, processBasket('add'))
  app.post('/api/processBasketUpdate/', guarded, processBasket('update'))

  app.get('/api/getBasketData/', guarded, async (request, reply) => {
    const { contract } = parseQuery(basketDataQuerySchema, request)
    const user = signedInUser(request)
    return sendPolled(request, reply, await basketData(db, user.id, await resolveCatalogueContext(db, user, contract, CATALOGUE_DEFAULTS.warehouse)))
  })

  /** Every line of the contract's basket goes. */
  app.post('/api/clearBasket/', guarded, async (request): Promise<ClearBasketResponse> => {
    const { contract } = parseInput(clearBasketRequestSchema, request.body)
    const user = signedInUser(request)
    const { id } = await resolveContract(db, user, contract)
    await db.kysely.deleteFrom('basket_lines').where('user_id', '=', user.id).where('contract_id', '=', id).execute()
    return { basket: await basketSummary(db, user, String(id)) }
  })

  /** Several products at once, each checked against its warehouse's stock; the ones that do not fit are reported. */
  app.post('/api/processProductSet/', guarded, async (request): Promise<ProductSetResponse> => {
    const body = parseInput(processProductSetRequestSchema, request.body)
    const user = signedInUser(request)
    const [contract, warehouses] = await Promise.all([resolveContract(db, user, body.contract), listWarehouses(db)])
    for (const product of body.products) requireWarehouse(warehouses, product.wms)
    const result = await addProductSet(db, { userId: user.id, contractId: contract.id, now: deps.now() }, body.products)
    return { basket: await basketSummary(db, user, String(contract.id)), ...result }
  })
}
