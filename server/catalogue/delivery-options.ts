import {
  DELIVERY_MESSAGES,
  type BasketTableInit,
  type DeliveryChoice,
  type DeliveryCompany,
  type DeliveryMethod,
  type DeliveryType,
  type Region,
} from '../../src/contract/delivery'
import type { Db } from '../db/connection'
import { HttpError } from '../validation'

/** Spec §9: '3' (a transport company) is the default. */
export const DELIVERY_METHODS: readonly DeliveryMethod[] = [
  { id: '1', header: 'Самовывоз со склада', needsCompany: false, isPickup: true },
  { id: '2', header: 'Доставка по городу', needsCompany: false, isPickup: false },
  { id: '3', header: 'Доставка транспортной компанией', needsCompany: true, isPickup: false },
]

export const DELIVERY_COMPANIES: readonly DeliveryCompany[] = [
  { id: '1', header: 'ПЭК' },
  { id: '2', header: 'Деловые Линии' },
  { id: '3', header: 'СДЭК' },
  { id: '4', header: 'Байкал Сервис' },
  { id: '5', header: 'КИТ' },
]

/** Spec §9: region '1' is the default. */
export const REGIONS: readonly Region[] = [
  { id: '1', header: 'Москва и Московская область' },
  { id: '2', header: 'Санкт-Петербург и Ленинградская область' },
  { id: '3', header: 'Свердловская область' },
  { id: '4', header: 'Новосибирская область' },
  { id: '5', header: 'Краснодарский край' },
  { id: '6', header: 'Республика Татарстан' },
]

const customerAddresses = (db: Db, customerId: number) =>
  db.kysely
    .selectFrom('addresses')
    .select(['id', 'full_address', 'postindex'])
    .where('customer_id', '=', customerId)
    .where('deleted', '=', 0)
    .orderBy('id')
    .execute()

const customerConsignees = (db: Db, customerId: number) =>
  db.kysely
    .selectFrom('consignees')
    .select(['id', 'surname', 'name'])
    .where('customer_id', '=', customerId)
    // a removed consignee stays only for the orders placed with it
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute()

/** GET /api/getBasketTableInit/: the delivery choices and the company's own addresses and consignees. */
export async function basketTableInit(db: Db, customerId: number): Promise<BasketTableInit> {
  const [addresses, consignees] = await Promise.all([customerAddresses(db, customerId), customerConsignees(db, customerId)])
  return {
    delivery_methods: [...DELIVERY_METHODS],
    delivery_companies: [...DELIVERY_COMPANIES],
    regions: [...REGIONS],
    addresses,
    consignees,
  }
}

/** The delivery an order is placed with, checked: ids known, address and consignee the customer's own. */
export interface OrderDelivery {
  method: string
  /** null unless the method needs a company */
  company: string | null
  type: DeliveryType | null
  region: string
  /** null for pickup */
  addressId: number | null
  consigneeId: number | null
}

export interface DeliveryRequest {
  delivery: DeliveryChoice
  address_id: number | null
  consignee_id: number | null
}

/** A delivery address of the customer's that the dealer has not deleted. */
async function ownsAddress(db: Db, id: number, customerId: number): Promise<boolean> {
  const row = await db.kysely
    .selectFrom('addresses')
    .select('id')
    .where('id', '=', id)
    .where('customer_id', '=', customerId)
    .where('deleted', '=', 0)
    .executeTakeFirst()
  return row !== undefined
}

/** A removed consignee cannot take a new order. */
async function ownsLiveConsignee(db: Db, id: number, customerId: number): Promise<boolean> {
  const row = await db.kysely
    .selectFrom('consignees')
    .select('id')
    .where('id', '=', id)
    .where('customer_id', '=', customerId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst()
  return row !== undefined
}

/** The checked delivery of an order, or 400 with the first thing wrong in it. */
export async function resolveDelivery(db: Db, customerId: number, request: DeliveryRequest): Promise<OrderDelivery> {
  const { delivery } = request
  const method = DELIVERY_METHODS.find((candidate) => candidate.id === delivery.method)
  if (!method) throw new HttpError(400, DELIVERY_MESSAGES.badMethod)
  if (method.needsCompany && !DELIVERY_COMPANIES.some((company) => company.id === delivery.company)) {
    throw new HttpError(400, DELIVERY_MESSAGES.badCompany)
  }
  if (!REGIONS.some((region) => region.id === delivery.region)) throw new HttpError(400, DELIVERY_MESSAGES.badRegion)
  const addressId = method.isPickup ? null : request.address_id
  if (!method.isPickup && (addressId === null || !(await ownsAddress(db, addressId, customerId)))) {
    throw new HttpError(400, DELIVERY_MESSAGES.badAddress)
  }
  const consigneeId = request.consignee_id
  if (consigneeId !== null && !(await ownsLiveConsignee(db, consigneeId, customerId))) {
    throw new HttpError(400, DELIVERY_MESSAGES.badConsignee)
  }
  return {
    method: method.id,
    company: method.needsCompany ? delivery.company : null,
    type: method.needsCompany ? delivery.type : null,
    region: delivery.region,
    addressId,
    consigneeId,
  }
}
