import type { SnapshotFrom } from 'xstate'
import type { pricelistMachine } from './pricelist.machine'

type PricelistSnapshot = SnapshotFrom<typeof pricelistMachine>

/** Which form's request runs: the file's upload, the text's recognition, or none. */
export type PricelistBusy = 'file' | 'text' | null

export const pricelistBusyOf = (snapshot: PricelistSnapshot): PricelistBusy =>
  snapshot.matches('uploading') ? 'file' : snapshot.matches('recognizing') ? 'text' : null

/** The selection modal is open while choosing, adding, and telling what was refused. */
export const isPricelistModalOpenOf = (snapshot: PricelistSnapshot): boolean =>
  snapshot.matches('choosing') || snapshot.matches('adding') || snapshot.matches('refused')

/** The modal's step (choosing also while it is closed). */
export type PricelistStep = 'choosing' | 'adding' | 'refused'

export const pricelistStepOf = (snapshot: PricelistSnapshot): PricelistStep =>
  snapshot.matches('adding') ? 'adding' : snapshot.matches('refused') ? 'refused' : 'choosing'

/** The message under a form: the check's (invalid) or the server's (failed), shown under the form it belongs to. */
export type PricelistFormMessage = 'invalid' | 'failed' | null

export function formMessageOf(snapshot: PricelistSnapshot, source: 'file' | 'text'): PricelistFormMessage {
  if (snapshot.context.source !== source) return null
  if (snapshot.matches({ editing: 'invalid' })) return 'invalid'
  if (snapshot.matches({ editing: 'failed' })) return 'failed'
  return null
}

/** The line the stock notice stands beside, while it is shown. */
export const overStockLineOf = (snapshot: PricelistSnapshot): string | null =>
  snapshot.matches({ choosing: 'overStock' }) ? snapshot.context.overStockLine : null

/** Adding the chosen lines to the basket failed; «Добавить в корзину» tries again. */
export const isAddFailedOf = (snapshot: PricelistSnapshot): boolean => snapshot.matches({ choosing: 'failed' })
