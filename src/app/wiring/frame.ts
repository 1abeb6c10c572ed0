import type { addToBasketMachine } from '../../machines/add-to-basket.machine'
import { basketAddersMachine } from '../../machines/basket-adders.machine'
import { nextIdle } from '../../services/idle'
import type { AppWiring } from './app-wiring'
import { deferredLogic, loadCodeOf } from './deferred-logic'

/**
 * The add-to-basket controls of every product row and card (the shell's child 'basketAdders'). The
 * adder's code is not in the first load: it loads at the first idle moment after the screen's first
 * paint, and a touch of the controls before then waits for it.
 */
export function wireBasketAdders(wiring: AppWiring) {
  const adder = deferredLogic<typeof addToBasketMachine>(() =>
    nextIdle()
      .then(() => import('./add-to-basket'))
      .then((module) => module.wireAddToBasket(wiring)),
  )
  return basketAddersMachine.provide({ actors: { addToBasket: adder.logic, loadAdderCode: loadCodeOf(adder) } })
}
