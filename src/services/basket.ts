import { fromCallback, fromPromise, type EventObject } from 'xstate'
import * as z from 'zod/mini'
import {
  basketDataSchema,
  clearBasketResponseSchema,
  overStockErrorSchema,
  processBasketResponseSchema,
  type AddLineOutcome,
  type AddLineRequest,
  type LoadedBasket,
  type SaveLineOutcome,
  type SaveLineRequest,
  type ProcessBasketRequest,
} from '../contract/basket'
import type { BasketTabs } from './basket-tabs'
import { ApiCallError, type Http } from './http'
import type { AppStorage } from './storage'

/** The 409 the server sends when the warehouse has less than asked: an answer, not a failure. */
const stockRefusalOf = (error: unknown) => {
  if (!(error instanceof ApiCallError) || error.status !== 409) return null
  const parsed = overStockErrorSchema.safeParse(error.body)
  return parsed.success ? parsed.data : null
}

/**
 * POST /api/processBasket/ {id, qnt, wms, type: 'add', contract}: the new basket summary, or the
 * server's stock refusal with what can still be added.
 */
export async function addBasketLine(http: Http, request: AddLineRequest, signal?: AbortSignal): Promise<AddLineOutcome> {
  const body: ProcessBasketRequest = {
    id: request.productId,
    qnt: request.quantity,
    wms: request.warehouse,
    type: 'add',
    contract: request.contract,
  }
  try {
    const answer = await http.call('processBasket', body, processBasketResponseSchema, signal)
    return { outcome: 'added', basket: answer.basket }
  } catch (error) {
    const refusal = stockRefusalOf(error)
    if (refusal) return { outcome: 'overStock', available: refusal.available }
    throw error
  }
}

/** The add-to-basket step's actor. */
export const createBasketActors = (deps: { http: Http }) => ({
  addLine: fromPromise(({ input, signal }: { input: AddLineRequest; signal: AbortSignal }) => addBasketLine(deps.http, input, signal)),
})

/** POST /api/processBasketUpdate/ {id, qnt, wms, type: 'update', contract}: qnt 0 removes the line. */
export async function saveBasketLine(http: Http, request: SaveLineRequest, signal?: AbortSignal): Promise<SaveLineOutcome> {
  const body: ProcessBasketRequest = { id: request.productId, qnt: request.qnt, wms: request.wms, type: 'update', contract: request.contract }
  try {
    const answer = await http.call('processBasketUpdate', body, processBasketResponseSchema, signal)
    return { outcome: 'saved', basket: answer.basket }
  } catch (error) {
    const refusal = stockRefusalOf(error)
    if (refusal) return { outcome: 'overStock', available: refusal.available }
    throw error
  }
}

const unsavedKey = (contract: string) => `cabinet.basket.unsaved.${contract}`
const unsavedSchema = z.record(z.string().check(z.regex(/^\d+$/)), z.string().check(z.regex(/^\d{0,7}$/)))

/** The basket page's fields typed but not saved, kept in this tab across a reload. */
export function createUnsavedStore(storage: AppStorage) {
  return {
    read(contract: string): Record<string, string> {
      try {
        const parsed = unsavedSchema.safeParse(JSON.parse(storage.read(unsavedKey(contract)) ?? '{}'))
        return parsed.success ? parsed.data : {}
      } catch {
        return {}
      }
    },
    write(contract: string, unsaved: Record<string, string>): void {
      if (Object.keys(unsaved).length === 0) storage.remove(unsavedKey(contract))
      else storage.write(unsavedKey(contract), JSON.stringify(unsaved))
    },
  }
}
export type UnsavedStore = ReturnType<typeof createUnsavedStore>

export interface BasketDeps {
  http: Http
  unsaved: UnsavedStore
  tabs: BasketTabs
}

/** The long-lived basket's actors: load (with what this tab had not saved), save a line, clear, and hear other tabs. */
export const createBasketPageActors = (deps: BasketDeps) => ({
  loadBasket: fromPromise(async ({ input, signal }: { input: { contract: string }; signal: AbortSignal }): Promise<LoadedBasket> => {
    const data = await deps.http.get('getBasketData', undefined, basketDataSchema, { contract: input.contract }, signal)
    return { data, unsaved: deps.unsaved.read(input.contract) }
  }),
  saveLine: fromPromise(({ input, signal }: { input: SaveLineRequest; signal: AbortSignal }) => saveBasketLine(deps.http, input, signal)),
  clearBasket: fromPromise(({ input, signal }: { input: { contract: string }; signal: AbortSignal }) =>
    deps.http.call('clearBasket', { contract: input.contract }, clearBasketResponseSchema, signal),
  ),
  watchOtherTabs: fromCallback<EventObject, { contract: string }>(({ input, sendBack }) =>
    deps.tabs.watch(input.contract, () => sendBack({ type: 'basket.stale' })),
  ),
})
