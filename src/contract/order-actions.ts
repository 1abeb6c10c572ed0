import * as z from 'zod/mini'
import { idNumber } from './catalogue'
import { multilineText, transformed } from './common'
import { orderRowSchema } from './orders'
import { productSetResponseSchema } from './product-set'

// --- one order: its detail, cancel and repeat (spec §2, §4, §7); apart from the list's contract,
// so the orders screen's first load does not carry the schemas of what a dealer does to one order

export const CANCEL_COMMENT_MAX_LENGTH = 500

export const ORDER_MESSAGES = {
  notFound: 'Заказ не найден',
  cannotCancel: (state: string) => `Заказ в состоянии «${state}» отменить нельзя`,
  commentTooLong: `Комментарий не длиннее ${CANCEL_COMMENT_MAX_LENGTH} символов`,
} as const

/** GET /api/order/{id}/ */
export const orderIdParamsSchema = z.object({ id: idNumber })

const orderLineSchema = z.object({
  product_id: z.int(),
  header: z.string(),
  articul: z.string(),
  wms: z.int(),
  /** the warehouse's name */
  warehouse: z.string(),
  qnt: z.int(),
  /** per unit, at the order's contract price */
  price: z.number(),
  sum: z.number(),
})

const orderDeliverySchema = z.object({
  /** 'Самовывоз со склада' …; '' for orders placed before delivery was recorded */
  method: z.string(),
  company: z.string(),
  region: z.string(),
  address: z.string(),
  consignee: z.string(),
})

/** GET /api/order/{id}/: the order, its delivery, comment and composition. */
export const orderDetailSchema = z.object({
  order: orderRowSchema,
  delivery: orderDeliverySchema,
  comment: z.string(),
  lines: z.array(orderLineSchema),
})
export type OrderDetail = z.infer<typeof orderDetailSchema>

const ORDER_ACTIONS = ['cancel', 'repeat'] as const

/** POST /api/order/ {id, action, cancelComment?} */
export const orderActionRequestSchema = z.object({
  id: idNumber,
  action: z.enum(ORDER_ACTIONS),
  cancelComment: z.pipe(
    transformed(z.nullish(multilineText()), (comment) => comment ?? ''),
    z.string().check(z.trim(), z.maxLength(CANCEL_COMMENT_MAX_LENGTH, ORDER_MESSAGES.commentTooLong)),
  ),
})
export type OrderActionRequest = z.input<typeof orderActionRequestSchema>

/** action 'cancel': the order with its new state and status. */
export const orderCancelledResponseSchema = z.object({ order: orderRowSchema })
export type OrderCancelledResponse = z.infer<typeof orderCancelledResponseSchema>

/**
 * action 'repeat': each of the order's lines went into the basket of its contract as far as its
 * warehouse has stock free beyond what the basket already holds (min(asked, stock − in basket));
 * `count` lines went in, whole or in part; `refused` are the lines that were short: `requested`
 * what the order asked, `available` what went in (0: nothing).
 */
export const orderRepeatedResponseSchema = productSetResponseSchema
export type OrderRepeatedResponse = z.infer<typeof orderRepeatedResponseSchema>
