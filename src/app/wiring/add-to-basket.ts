import { fromPromise } from 'xstate'
import type { AddLineRequest } from '../../contract/basket'
import { addToBasketMachine } from '../../machines/add-to-basket.machine'
import type { AppWiring } from './app-wiring'
import { loadOnce } from './deferred-logic'

/**
 * The adder of one product's controls (the basketAdders' children), loaded after the first paint.
 * Adding calls the basket's service, which comes with the basket's code (loaded right after the
 * first paint, long before a dealer's first click), not with the adder's.
 */
export function wireAddToBasket({ http }: Pick<AppWiring, 'http'>) {
  const basketService = loadOnce(() => import('../../services/basket'))
  const addLine = fromPromise(async ({ input, signal }: { input: AddLineRequest; signal: AbortSignal }) =>
    (await basketService()).addBasketLine(http, input, signal),
  )
  return addToBasketMachine.provide({ actors: { addLine } })
}
