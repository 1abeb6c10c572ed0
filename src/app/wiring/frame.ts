import { fromPromise } from 'xstate'
import type { AddLineRequest } from '../../contract/basket'
import { addToBasketMachine } from '../../machines/add-to-basket.machine'
import { basketAddersMachine } from '../../machines/basket-adders.machine'
import type { AppWiring } from './app-wiring'
import { loadOnce } from './deferred-logic'

/**
 * The add-to-basket controls of every product row and card (the shell's child 'basketAdders').
 * Adding calls the basket's service, which comes with the basket's code (loaded right after the
 * first paint, long before a dealer's first click), not with the first load.
 */
export function wireBasketAdders({ http }: AppWiring) {
  const basketService = loadOnce(() => import('../../services/basket'))
  const addLine = fromPromise(async ({ input, signal }: { input: AddLineRequest; signal: AbortSignal }) =>
    (await basketService()).addBasketLine(http, input, signal),
  )
  return basketAddersMachine.provide({ actors: { addToBasket: addToBasketMachine.provide({ actors: { addLine } }) } })
}
