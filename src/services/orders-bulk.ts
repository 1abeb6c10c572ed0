import { fromPromise } from 'xstate'
import type { BulkOutcome, BulkRequest } from '../contract/bulk'
import { eachRow } from './bulk'
import type { Http } from './http'
import type { repeatOrder } from './orders'

/** An order whose repeat added nothing (the dialog names it among the ones that failed). */
const NOTHING_IN_STOCK = 'Товаров нет в наличии'

/**
 * «Повторить выбранные»: POST /api/order/ {id, action: 'repeat'} for each checked order in turn,
 * the same server repeat as a single one (`repeatOrder`, handed in by the route, which has it
 * already); each order's goods go into its contract's basket.
 */
export const createBulkRepeatActors = (deps: { http: Http; repeatOrder: typeof repeatOrder }) => ({
  runBulk: fromPromise(async ({ input, signal }: { input: BulkRequest; signal: AbortSignal }): Promise<BulkOutcome> => {
    const { done, failed } = await eachRow(input.items, (item) => deps.repeatOrder(deps.http, item.id, signal), signal)
    const added = done.filter(({ answer }) => answer.count > 0)
    const empty = done.filter(({ answer }) => answer.count === 0).map(({ item }) => ({ id: item.id, message: NOTHING_IN_STOCK }))
    return {
      done: added.map(({ item }) => item.id),
      failed: [...failed, ...empty],
      count: added.reduce((sum, { answer }) => sum + answer.count, 0),
      baskets: done.map(({ item, answer }) => ({ basket: answer.basket, contract: item.contract ?? '' })),
    }
  }),
})
