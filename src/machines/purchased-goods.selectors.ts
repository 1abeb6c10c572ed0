import type { SnapshotFrom } from 'xstate'
import type { purchasedGoodsMachine } from './purchased-goods.machine'

type PurchasedGoodsSnapshot = SnapshotFrom<typeof purchasedGoodsMachine>

/** What the report area shows: one per state of the report region (checking reads as loaded). */
export type PurchasedReportView = 'loading' | 'failed' | 'empty' | 'loaded'

export function reportViewOf(snapshot: PurchasedGoodsSnapshot): PurchasedReportView {
  if (snapshot.matches({ report: 'failed' })) return 'failed'
  if (snapshot.matches({ report: 'empty' })) return 'empty'
  return snapshot.matches({ report: 'loading' }) ? 'loading' : 'loaded'
}

/** The period under the form has an error: a date that is not real, or the start after the end. */
export const isPeriodInvalidOf = (snapshot: PurchasedGoodsSnapshot): boolean => snapshot.matches({ period: 'invalid' })
