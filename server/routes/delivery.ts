import type { FastifyInstance } from 'fastify'
import * as z from 'zod/mini'
import { idNumber } from '../../src/contract/catalogue'
import { DELIVERY_MESSAGES, type BasketTableInit, type WarehouseDirection } from '../../src/contract/delivery'
import { requireAccount, signedInUser } from '../auth/require-account'
import { basketTableInit } from '../catalogue/delivery-options'
import type { Db } from '../db/connection'
import type { AppDeps } from '../deps'
import { HttpError, parseParams, parseQuery } from '../validation'
import { escapeMarkup, renderWarehouseMapSvg } from './warehouse-map-svg'

const warehouseIdParams = z.object({ id: idNumber })

const mapAddress = (id: number) => `/pictures/warehouse-map/${id}.svg`

async function findWarehouse(db: Db, id: number): Promise<WarehouseDirection> {
  const row = await db.kysely.selectFrom('warehouses').select(['id', 'header', 'address', 'schedule']).where('id', '=', id).executeTakeFirst()
  if (!row) throw new HttpError(404, DELIVERY_MESSAGES.warehouseNotFound)
  return { ...row, map: mapAddress(row.id) }
}

/** Spec §2 /tpl/direction.html: the warehouse map modal's body. */
function directionHtml(warehouse: WarehouseDirection): string {
  const header = escapeMarkup(warehouse.header)
  return `<div class="direction">
  <h3 class="direction__header">${header}</h3>
  <p class="direction__address">${escapeMarkup(warehouse.address)}</p>
  <p class="direction__schedule">Режим работы: ${escapeMarkup(warehouse.schedule)}</p>
  <img class="direction__map" src="${escapeMarkup(warehouse.map)}" width="640" height="400" alt="Схема проезда: ${header}">
</div>
`
}

/** The basket's delivery selector, and the way to a warehouse (its details, map picture and modal). */
export function registerDeliveryRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps
  const guarded = { preHandler: requireAccount(deps) }

  app.get('/api/getBasketTableInit/', guarded, async (request): Promise<BasketTableInit> => basketTableInit(db, signedInUser(request).customer_id))

  app.get('/api/warehouse/:id/', guarded, async (request): Promise<WarehouseDirection> => findWarehouse(db, parseParams(warehouseIdParams, request).id))

  app.get('/pictures/warehouse-map/:id.svg', guarded, async (request, reply) => {
    const warehouse = await findWarehouse(db, parseParams(warehouseIdParams, request).id)
    return reply
      .header('Content-Type', 'image/svg+xml; charset=utf-8')
      .header('Cache-Control', 'private, max-age=3600')
      .send(renderWarehouseMapSvg(warehouse))
  })

  app.get('/tpl/direction.html', guarded, async (request, reply) => {
    const warehouse = await findWarehouse(db, parseQuery(warehouseIdParams, request).id)
    return reply.header('Content-Type', 'text/html; charset=utf-8').send(directionHtml(warehouse))
  })
}
