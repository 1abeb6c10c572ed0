import { assign, setup, type ActorRefFrom } from 'xstate'
import type { WarehouseDirection } from '../contract/delivery'
import { errorMessageOf, unprovidedPromise } from './machine-support'

export interface WarehouseMapInput {
  /** the warehouse whose way is shown */
  warehouseId: number
}

export interface WarehouseMapContext extends WarehouseMapInput {
  warehouse: WarehouseDirection | null
  errorMessage: string | null
}

export type WarehouseMapEvent = { type: 'map.retry' }

/**
 * The warehouse map modal (spec §2 /tpl/direction.html, "warehouse map" in the delivery selector):
 * runs while the modal is open, loads GET /api/warehouse/{id}/ (the address, the schedule and the
 * address of the map picture the app serves) and shows it.
 */
export const warehouseMapMachine = setup({
  types: {} as { context: WarehouseMapContext; events: WarehouseMapEvent; input: WarehouseMapInput },
  actors: {
    loadWarehouse: unprovidedPromise<WarehouseDirection, { id: number }>('loadWarehouse'),
  },
  actions: {
    storeWarehouse: assign({ warehouse: (_, params: { warehouse: WarehouseDirection }) => params.warehouse, errorMessage: null }),
    storeError: assign({ errorMessage: (_, params: { error: unknown }) => errorMessageOf(params.error) }),
  },
}).createMachine({
  id: 'warehouseMap',
  description: "The warehouse map modal: loads the warehouse's address, schedule and map picture while the modal is open.",
  context: ({ input }) => ({ warehouseId: input.warehouseId, warehouse: null, errorMessage: null }),
  initial: 'loading',
  states: {
    loading: {
      description: 'GET /api/warehouse/{id}/ runs; the modal says "Загрузка схемы проезда…"',
      invoke: {
        id: 'loadWarehouse',
        src: 'loadWarehouse',
        input: ({ context }) => ({ id: context.warehouseId }),
        onDone: {
          target: 'shown',
          description: 'The warehouse is found: its address, schedule and map arrive',
          actions: { type: 'storeWarehouse', params: ({ event }) => ({ warehouse: event.output }) },
        },
        onError: {
          target: 'failed',
          description: 'No answer, an unexpected one, or "Такого склада нет"',
          actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    shown: { description: 'The address, "Режим работы: …" and the map picture; "Закрыть"' },
    failed: {
      description: '"Не удалось загрузить схему проезда" with the reason and "Повторить"',
      on: { 'map.retry': { target: 'loading', description: 'The dealer asks to load again' } },
    },
  },
})

export type WarehouseMapActor = ActorRefFrom<typeof warehouseMapMachine>
