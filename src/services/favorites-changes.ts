import { fromPromise } from 'xstate'
import type { RemoveMarkRequest, SaveNeedRequest } from '../contract/favorites'
import { needResponseSchema, wishResponseSchema } from '../contract/product'
import { shortStockText, type BulkOutcome, type BulkRequest } from '../contract/bulk'
import { productSetResponseSchema } from '../contract/product-set'
import { removeEach } from './bulk'
import type { Http } from './http'

/**
 * What the favourites and needs pages change, loaded at a dealer's first change (src/services/favorites.ts
 * and the bulk actions' wiring import it when needed): the list shows without it.
 */

/** POST /api/unsetWish/ or /api/unsetNeed/ {id}: the product off the list. */
export async function removeMark(http: Http, input: RemoveMarkRequest, signal: AbortSignal): Promise<void> {
  const body = { id: input.productId }
  if (input.list === 'favorites') await http.call('unsetWish', body, wishResponseSchema, signal)
  else await http.call('unsetNeed', body, needResponseSchema, signal)
}

/** POST /api/setNeed/ {id, need}: the need quantity the server kept. */
export async function saveNeed(http: Http, input: SaveNeedRequest, signal: AbortSignal): Promise<number> {
  const answer = await http.call('setNeed', { id: input.productId, need: input.need }, needResponseSchema, signal)
  return answer.need
}

/**
 * The selection bar's «В корзину»: one POST /api/processProductSet/ with every checked product (a
 * need's quantity, else 1) from the chosen warehouse, each checked against its stock; the ones
 * that did not fit are named with what was asked and what is free.
 */
export const createBulkAddActors = (deps: { http: Http }) => ({
  runBulk: fromPromise(async ({ input, signal }: { input: BulkRequest; signal: AbortSignal }): Promise<BulkOutcome> => {
    const contract = input.basket?.contract ?? '0'
    const wms = input.basket?.warehouse ?? 1
    const products = input.items.map((item) => ({ id: item.id, qnt: item.qnt ?? 1, wms }))
    const answer = await deps.http.call('processProductSet', { contract, products }, productSetResponseSchema, signal)
    const refused = new Set(answer.refused.map((line) => line.id))
    return {
      done: input.items.filter((item) => !refused.has(item.id)).map((item) => item.id),
      failed: answer.refused.map((line) => ({ id: line.id, message: shortStockText(line.requested, line.available) })),
      count: answer.count,
      baskets: [{ basket: answer.basket, contract }],
    }
  }),
})

/** The selection bar's «Убрать»: each checked product off the list, one request each. */
export const createBulkRemoveMarksActors = (deps: { http: Http }) => ({
  runBulk: fromPromise(({ input, signal }: { input: BulkRequest; signal: AbortSignal }) =>
    removeEach(
      input.items,
      (item) => removeMark(deps.http, { list: input.kind === 'needsRemove' ? 'needs' : 'favorites', productId: item.id }, signal),
      signal,
    ),
  ),
})
