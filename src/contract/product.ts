import * as z from 'zod/mini'
import { CATALOGUE_DEFAULTS, catalogueProductSchema, contractId, idNumber, stockSchema } from './catalogue'

export const PRODUCT_MESSAGES = {
  notFound: 'Товар не найден',
} as const

/** GET /api/product/{id}/?contract=&warehouse= and GET /ajax/getproduct/?id= */
export const productParamsSchema = z.object({ id: idNumber })
export const productQuerySchema = z.object({
  /** '0' or absent = the user's selected contract */
  contract: z._default(contractId, CATALOGUE_DEFAULTS.contract),
  warehouse: z._default(idNumber, CATALOGUE_DEFAULTS.warehouse),
})
/** GET /ajax/getproduct/?id=&contract=&warehouse= */
export const ajaxProductQuerySchema = z.extend(productQuerySchema, { id: idNumber })

const paramValueSchema = z.object({ id: z.int(), header: z.string(), unit: z.string(), value: z.number() })
export type ParamValue = z.infer<typeof paramValueSchema>

const tagRefSchema = z.object({ id: z.int(), header: z.string() })

/** Ids of the card's tabs; the async ones are loaded with POST /api/binds/. */
export const TAB_IDS = { params: 'params', description: 'description', stocks: 'stocks', analogs: 'analogs' } as const
export const ASYNC_TAB_IDS = [TAB_IDS.stocks, TAB_IDS.analogs] as const
export type AsyncTabId = (typeof ASYNC_TAB_IDS)[number]

export const TAB_HEADERS = {
  params: 'Характеристики',
  description: 'Описание',
  stocks: 'Наличие на складах',
  analogs: 'Аналоги',
} as const

/**
 * An item of a tab group (spec §3: id, async flag, data): inline items carry their `data`, async
 * ones have none (null) and load it by id with POST /api/binds/.
 */
const productTabSchema = z.discriminatedUnion('id', [
  z.object({ id: z.literal(TAB_IDS.params), async: z.literal(false), header: z.string(), data: z.array(paramValueSchema) }),
  z.object({ id: z.literal(TAB_IDS.description), async: z.literal(false), header: z.string(), data: z.string() }),
  z.object({ id: z.literal(TAB_IDS.stocks), async: z.literal(true), header: z.string(), data: z.null() }),
  z.object({ id: z.literal(TAB_IDS.analogs), async: z.literal(true), header: z.string(), data: z.null() }),
])
export type ProductTab = z.infer<typeof productTabSchema>

/** The card's tab groups; today one, "details", holding every tab. */
export const TAB_GROUP_IDS = { details: 'details' } as const

/** A group of tabs (spec §3 Product tabs: groups of items), shown as one tab strip. */
const productTabGroupSchema = z.object({ id: z.string(), items: z.array(productTabSchema) })

/** The product card: the listed product plus its gallery, characteristics, tags and tabs. */
const productCardSchema = z.extend(catalogueProductSchema, {
  /** picture ids in gallery order (GET /pictures/{id}.svg) */
  pictures: z.array(z.int()),
  params: z.array(paramValueSchema),
  tags: z.array(tagRefSchema),
  description: z.string(),
  category: z.object({ id: z.string(), header: z.string() }),
  /** the contract the price is under ('0' resolved) */
  contract: z.string(),
  tabs: z.array(productTabGroupSchema),
})
export type ProductCard = z.infer<typeof productCardSchema>

export const productResponseSchema = z.object({ product: productCardSchema })
export type ProductResponse = z.infer<typeof productResponseSchema>

/** Which product, under which contract, with stock at which warehouse. */
export interface ProductRequest {
  productId: number
  contract: string
  warehouse: number
}

// --- POST /api/binds/: the async tabs' data, in bulk

export const bindsRequestSchema = z
  .array(
    z.object({
      id: idNumber,
      bindIds: z.array(z.enum(ASYNC_TAB_IDS)).check(z.minLength(1), z.maxLength(ASYNC_TAB_IDS.length)),
      contract: z._default(contractId, CATALOGUE_DEFAULTS.contract),
      warehouse: z._default(idNumber, CATALOGUE_DEFAULTS.warehouse),
    }),
  )
  .check(z.minLength(1), z.maxLength(50))
export type BindsRequest = z.input<typeof bindsRequestSchema>

export interface TabRequest extends ProductRequest {
  tab: AsyncTabId
}

const warehouseStockSchema = z.extend(stockSchema, { header: z.string() })

const bindDataSchema = z.object({
  stocks: z.optional(z.array(warehouseStockSchema)),
  /** same category, the same brand first, then the nearest prices */
  analogs: z.optional(z.array(catalogueProductSchema)),
})
export type BindData = z.infer<typeof bindDataSchema>

export const bindsResponseSchema = z.array(z.object({ id: z.int(), data: bindDataSchema }))
export type BindsResponse = z.infer<typeof bindsResponseSchema>

// --- wish and need: src/contract/marks.ts (the catalogue's first load reads them; the card's schemas stay out of it)

export { needRequestSchema, needResponseSchema, unsetNeedRequestSchema, wishRequestSchema, wishResponseSchema, type WishRequest } from './marks'
