import { fromPromise, type SnapshotFrom } from 'xstate'
import type { BasketActor, basketMachine } from './basket.machine'
import { selectSync, type BasketSync } from './basket.selectors'

/** The basket's steps during which its server copy is not yet what the page shows. */
const IN_FLIGHT: readonly BasketSync[] = ['saving', 'refreshing', 'clearing']

/** Whether every quantity the dealer typed has reached the server (or failed and been rolled back). */
const isBasketSaved = (snapshot: SnapshotFrom<typeof basketMachine>): boolean => !IN_FLIGHT.includes(selectSync(snapshot))

/**
 * Resolves once the basket (systemId 'basket') has saved every quantity typed: a draft or an order
 * made right after a quantity was typed (a click on «Сохранить как черновик» leaves the field) holds
 * that quantity. Given to the basket's children, the draft saving and the checkout.
 */
export const awaitBasketSaved = fromPromise<void>(
  ({ system, signal }) =>
    new Promise<void>((resolve) => {
      const basket = system.get('basket') as BasketActor | undefined
      if (!basket || isBasketSaved(basket.getSnapshot())) return resolve()
      const subscription = basket.subscribe((snapshot) => {
        if (!isBasketSaved(snapshot)) return
        subscription.unsubscribe()
        resolve()
      })
      signal.addEventListener('abort', () => subscription.unsubscribe())
    }),
)
