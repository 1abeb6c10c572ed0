import type { SnapshotFrom } from 'xstate'
import type { BasketLine } from '../contract/basket'
import type { basketMachine } from './basket.machine'

type BasketSnapshot = SnapshotFrom<typeof basketMachine>

export type BasketScreen = 'loading' | 'loadFailed' | 'empty' | 'lines'
export type BasketSync = 'idle' | 'saving' | 'saveFailed' | 'confirmingClear' | 'clearing' | 'clearFailed' | 'refreshing'

const SYNC_STATES: readonly BasketSync[] = ['saving', 'saveFailed', 'confirmingClear', 'clearing', 'clearFailed', 'refreshing']

export function selectBasketScreen(snapshot: BasketSnapshot): BasketScreen {
  if (snapshot.matches('loading')) return 'loading'
  if (snapshot.matches('loadFailed')) return 'loadFailed'
  return Object.keys(snapshot.context.data?.products ?? {}).length === 0 ? 'empty' : 'lines'
}

export const selectSync = (snapshot: BasketSnapshot): BasketSync => SYNC_STATES.find((state) => snapshot.matches({ ready: { sync: state } })) ?? 'idle'

/** The page's totals: the same figures as the header's summary (lines and sum), plus units. */
export const selectTotals = (snapshot: BasketSnapshot) => {
  const data = snapshot.context.data
  return { count: data?.stats.count.products ?? 0, qnt: data?.qnt ?? 0, sum: data?.sum ?? 0 }
}

export const selectText = (snapshot: BasketSnapshot, line: BasketLine) => snapshot.context.texts[String(line.id)] ?? String(line.qnt)

/** The line whose change is on its way to the server. */
export const selectSavingLine = (snapshot: BasketSnapshot): string | null =>
  snapshot.matches({ ready: { sync: 'saving' } }) ? (snapshot.context.queue[0]?.lineId ?? null) : null

/** The line the stock notice stands beside, while it is shown. */
export const selectOverStockLine = (snapshot: BasketSnapshot): string | null =>
  snapshot.matches({ ready: { notice: 'overStock' } }) ? snapshot.context.overStockLine : null
