import type { SnapshotFrom } from 'xstate'
import { isBasketClosedFor, type shellMachine } from './shell.machine'

type ShellSnapshot = SnapshotFrom<typeof shellMachine>

/** Issue 21, item 12: the account may not use the basket, so no «В корзину» and no header summary are shown. */
export const isBasketClosedOf = (snapshot: ShellSnapshot): boolean => isBasketClosedFor(snapshot.context.initData)
