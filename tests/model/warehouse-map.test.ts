import { expect } from 'vitest'
import type { AnyMachineSnapshot } from 'xstate'
import { DELIVERY_MESSAGES, type WarehouseDirection } from '../../src/contract/delivery'
import { warehouseMapMachine, type WarehouseMapContext } from '../../src/machines/warehouse-map.machine'
import { ApiCallError } from '../../src/services/http'
import { describeMachinePaths, type EventCases } from '../support/path-testing'

const WAREHOUSE_ID = 3

const warehouse: WarehouseDirection = {
  id: WAREHOUSE_ID,
  header: 'Склад Екатеринбург',
  address: 'г. Екатеринбург, ул. Хлебная, д. 12',
  schedule: 'Пн–Пт 9:00–18:00, Сб 10:00–14:00',
  map: `/pictures/warehouse-map/${WAREHOUSE_ID}.svg`,
}

const cases: EventCases = {
  'xstate.done.actor.loadWarehouse': [{ type: 'xstate.done.actor.loadWarehouse', output: warehouse }],
  'xstate.error.actor.loadWarehouse': [{ type: 'xstate.error.actor.loadWarehouse', error: new ApiCallError(DELIVERY_MESSAGES.warehouseNotFound, 404) }],
}

/** The modal shows the warehouse once loaded, and the server's message when loading failed. */
function assertWarehouseMapFacts(snapshot: AnyMachineSnapshot) {
  const { warehouseId, warehouse: shown, errorMessage } = snapshot.context as WarehouseMapContext
  expect(warehouseId).toBe(WAREHOUSE_ID)
  if (snapshot.matches('shown')) expect([shown, errorMessage]).toEqual([warehouse, null])
  if (snapshot.matches('failed')) expect(errorMessage).toBe(DELIVERY_MESSAGES.warehouseNotFound)
}

describeMachinePaths(warehouseMapMachine, { cases, input: { warehouseId: WAREHOUSE_ID }, assertStep: assertWarehouseMapFacts })
