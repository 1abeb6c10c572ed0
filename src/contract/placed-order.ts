import * as z from 'zod/mini'

/** An order as /api/placeOrder/ answers it and as the orders list shows it (which adds whether it is paid). */
export const placedOrderSchema = z.object({
  /** the order's number */
  id: z.int(),
  state: z.int(),
  status: z.string(),
  contract: z.string(),
  sum: z.number().check(z.nonnegative()),
  /** goods lines in the order */
  count: z.int().check(z.nonnegative()),
  created_at: z.string(),
})
export type PlacedOrder = z.infer<typeof placedOrderSchema>
