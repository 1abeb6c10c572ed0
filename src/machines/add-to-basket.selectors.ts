import type { SnapshotFrom } from 'xstate'
import type { addToBasketMachine } from './add-to-basket.machine'
import type { basketMachine } from './basket.machine'

type AddToBasketSnapshot = SnapshotFrom<typeof addToBasketMachine>

/** The message under the stepper: one per state that shows one. */
export type AddToBasketNotice = 'zeroQuantity' | 'overStock' | 'failed' | 'added'

const NOTICES: readonly AddToBasketNotice[] = ['zeroQuantity', 'overStock', 'failed', 'added']

export const noticeOf = (snapshot: AddToBasketSnapshot): AddToBasketNotice | null => NOTICES.find((notice) => snapshot.matches({ editing: notice })) ?? null

/** The add call runs: the stepper and the button are disabled. */
export const isAdding = (snapshot: AddToBasketSnapshot): boolean => snapshot.matches('adding')

/**
 * Issue 21, item 8: what can still be added at a warehouse, its stock less what the basket already
 * holds there (an unknown stock counts as 0, spec §5). Here, not with the adder's quantity rules,
 * which load with the adder after the first paint.
 */
export const freeQuantity = (stock: number | null | undefined, inBasket: number): number => Math.max(0, (stock ?? 0) - inBasket)

type BasketSnapshot = SnapshotFrom<typeof basketMachine>

export interface BasketPlace {
  productId: number
  warehouse: number
  /** the contract the controls add under ('0': the selected one, whose basket this is) */
  contract: string
}

/**
 * Issue 21, item 8: how many units of the product the basket already holds at that warehouse
 * («в корзине: N»), as the running basket last loaded it; 0 before it loads or for another contract.
 */
export function inBasketOf(basket: BasketSnapshot | undefined, place: BasketPlace): number {
  const data = basket?.context.data
  if (!data || (place.contract !== '0' && place.contract !== data.contract)) return 0
  let units = 0
  for (const line of Object.values(data.products)) if (line.product.id === place.productId && line.wms === place.warehouse) units += line.qnt
  return units
}
