import * as z from 'zod/mini'
import { transformed } from './common'

export const contractSchema = z.object({
  id: z.string(),
  header: z.string(),
  /** the contragent (legal entity) that buys under this contract */
  contragent: z.string(),
})
export type Contract = z.infer<typeof contractSchema>

export const warehouseSchema = z.object({ id: z.int(), header: z.string() })
export type Warehouse = z.infer<typeof warehouseSchema>

/** The signed-in login: a main account (type_id '1') or a manager (type_id '2'). */
export const accountSchema = z.object({
  id: z.int(),
  email: z.string(),
  name: z.string(),
  phone: z.string(),
  type_id: z.string(),
  company: z.string(),
  inn: z.string(),
  disabledMenus: z.array(z.string()),
  contracts: z.array(contractSchema),
})
export type Account = z.infer<typeof accountSchema>

export const accountResponseSchema = z.object({ account: accountSchema })

export const basketSummarySchema = z.object({
  /** number of basket lines (spec: stats count.products) */
  count: z.int().check(z.nonnegative()),
  sum: z.number().check(z.nonnegative()),
})
export type BasketSummary = z.infer<typeof basketSummarySchema>

/** GET /api/initdata/: everything the app shell needs after login. */
export const initDataSchema = z.object({
  account: accountSchema,
  contracts: z.array(contractSchema),
  selectedContract: z.string(),
  warehouses: z.array(warehouseSchema),
  basket: basketSummarySchema,
})
export type InitData = z.infer<typeof initDataSchema>

/** POST /api/setContract/ {id} */
export const setContractRequestSchema = z.object({ id: transformed(z.union([z.string(), z.number()]), String) })
export const setContractResponseSchema = z.object({
  selectedContract: z.string(),
  basket: basketSummarySchema,
})
