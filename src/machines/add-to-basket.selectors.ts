import type { SnapshotFrom } from 'xstate'
import type { addToBasketMachine } from './add-to-basket.machine'

type AddToBasketSnapshot = SnapshotFrom<typeof addToBasketMachine>

/** The message under the stepper: one per state that shows one. */
export type AddToBasketNotice = 'zeroQuantity' | 'overStock' | 'failed' | 'added'

const NOTICES: readonly AddToBasketNotice[] = ['zeroQuantity', 'overStock', 'failed', 'added']

export const noticeOf = (snapshot: AddToBasketSnapshot): AddToBasketNotice | null => NOTICES.find((notice) => snapshot.matches({ editing: notice })) ?? null

/** The add call runs: the stepper and the button are disabled. */
export const isAdding = (snapshot: AddToBasketSnapshot): boolean => snapshot.matches('adding')
