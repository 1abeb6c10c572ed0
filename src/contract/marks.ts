import * as z from 'zod/mini'
import { idNumber, intIn } from './catalogue'

/** A product's marks: favourite (wish) and need. Apart from the card's schemas (product.ts), which the first load does not carry. */
/** POST /api/setWish/ and /api/unsetWish/ {id} */
export const wishRequestSchema = z.object({ id: idNumber })
export const wishResponseSchema = z.object({ inwish: z.boolean() })

export interface WishRequest {
  productId: number
  /** true: POST /api/setWish/, false: POST /api/unsetWish/ */
  inwish: boolean
}

/** POST /api/setNeed/ {id, need} (need defaults to 1) and /api/unsetNeed/ {id} */
export const needRequestSchema = z.object({ id: idNumber, need: z._default(intIn(1, 1_000_000), 1) })
export const unsetNeedRequestSchema = z.object({ id: idNumber, need: z.optional(z.unknown()) })
export const needResponseSchema = z.object({ need: z.int().check(z.nonnegative()) })
