import type { FastifyInstance } from 'fastify'
import { DELIVERY_MESSAGES, placeOrderRequestSchema, type PlaceOrderConflict, type PlaceOrderResponse } from '../../src/contract/delivery'
import { orderExportQuerySchema, orderListQuerySchema, type OrderList } from '../../src/contract/orders'
import {
  orderActionRequestSchema,
  orderIdParamsSchema,
  type OrderCancelledResponse,
  type OrderDetail,
  type OrderRepeatedResponse,
} from '../../src/contract/order-actions'
import { requireAccount, signedInUser } from '../auth/require-account'
import { basketSummary } from '../catalogue/basket-lines'
import { resolveContract } from '../catalogue/contract'
import { resolveDelivery } from '../catalogue/delivery-options'
import type { AppDeps } from '../deps'
import { cancelOrder, repeatOrder } from '../orders/order-actions'
import { findOwnOrder, orderDetail } from '../orders/order-detail'
import { exportOrders } from '../orders/order-export'
import { listOrders } from '../orders/order-list'
import { placeOrder } from '../orders/place-order'
import { HttpError, parseInput, parseParams, parseQuery } from '../validation'
import { sendPolled } from '../polled-answer'
import { sendXlsx } from '../xlsx-file'

/** Placing the basket as an order, the orders list, one order's detail, and its cancel and repeat (spec §7). */
export function registerOrderRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps
  const guarded = { preHandler: requireAccount(deps) }

  /** 200 the order; 409 when some line's stock ran out (nothing reserved, short lines cut); 400 a bad delivery or an empty basket. */
  app.post('/api/placeOrder/', guarded, async (request, reply) => {
    const body = parseInput(placeOrderRequestSchema, request.body)
    const user = signedInUser(request)
    const contract = await resolveContract(db, user, body.contract)
    const delivery = await resolveDelivery(db, user.customer_id, body)
    const draft = { userId: user.id, customerId: user.customer_id, contract, delivery, comment: body.comment, now: deps.now() }
    const outcome = await placeOrder(db, draft)
    if (outcome.kind === 'empty') throw new HttpError(400, DELIVERY_MESSAGES.emptyBasket)
    const basket = await basketSummary(db, user, String(contract.id))
    if (outcome.kind === 'short') {
      const conflict: PlaceOrderConflict = { message: DELIVERY_MESSAGES.overStock, shortages: outcome.shortages, basket }
      return reply.code(409).send(conflict)
    }
    const answer: PlaceOrderResponse = { order: outcome.order, basket }
    return answer
  })

  app.get('/api/order/', guarded, async (request, reply) => {
    const filter = parseQuery(orderListQuerySchema, request)
    const answer: OrderList = await listOrders(db, signedInUser(request), filter, deps.now())
    return sendPolled(request, reply, answer)
  })

  /** 200 the order with its delivery and lines; 404 when it is not one the user may see. */
  app.get('/api/order/:id/', guarded, async (request): Promise<OrderDetail> => {
    const { id } = parseParams(orderIdParamsSchema, request)
    const user = signedInUser(request)
    return orderDetail(db, await findOwnOrder(db, user, id))
  })

  /** {id, action: 'cancel', cancelComment?} 200 the order's new state; 409 its state allows no cancel. {id, action: 'repeat'} 200 the count added. */
  app.post('/api/order/', guarded, async (request): Promise<OrderCancelledResponse | OrderRepeatedResponse> => {
    const body = parseInput(orderActionRequestSchema, request.body)
    const user = signedInUser(request)
    const order = await findOwnOrder(db, user, body.id)
    if (body.action === 'cancel') return cancelOrder(db, order, body.cancelComment, deps.now())
    return repeatOrder(db, user, order, deps.now())
  })

  /** The checked orders as an XLSX file; 404 naming the first id that is not one the user may see (nothing is sent then). */
  app.get('/api/orderExport/', guarded, async (request, reply) => {
    const { ids } = parseQuery(orderExportQuerySchema, request)
    const file = await exportOrders(db, signedInUser(request), ids, deps.now())
    return sendXlsx(reply, file, 'orders.xlsx')
  })
}
