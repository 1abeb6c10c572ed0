import type { SnapshotFrom } from 'xstate'
import type { addressesMachine } from './addresses.machine'

type AddressesSnapshot = SnapshotFrom<typeof addressesMachine>

/** What the list area shows: one per state of the list (checking reads as loading; the modal keeps the list under it). */
export type AddressesView = 'loading' | 'failed' | 'empty' | 'loaded'

export function addressesViewOf(snapshot: AddressesSnapshot): AddressesView {
  if (snapshot.matches('failed')) return 'failed'
  if (snapshot.matches('empty')) return 'empty'
  if (snapshot.matches('loading') || snapshot.matches('checking')) return 'loading'
  if (snapshot.matches('editing')) return (snapshot.context.result?.addresses.length ?? 0) > 0 ? 'loaded' : 'empty'
  return 'loaded'
}

/** The rows' buttons wait while a removal is asked, runs or failed, while the modal is open and while a page loads. */
export const isAddressesBusyOf = (snapshot: AddressesSnapshot): boolean => !snapshot.matches({ loaded: 'idle' }) && !snapshot.matches('empty')

/** Which removal dialog shows over the list. */
export type AddressDialogStep = 'none' | 'confirmingRemove' | 'removing' | 'removeFailed'

export function addressDialogStepOf(snapshot: AddressesSnapshot): AddressDialogStep {
  if (snapshot.matches({ loaded: 'confirmingRemove' })) return 'confirmingRemove'
  if (snapshot.matches({ loaded: 'removing' })) return 'removing'
  if (snapshot.matches({ loaded: 'removeFailed' })) return 'removeFailed'
  return 'none'
}

/** The modal «Адрес доставки»: closed, its code loading, its code not loaded, or the form. */
export type AddressFormStep = 'none' | 'loadingCode' | 'codeFailed' | 'open'

export function addressFormStepOf(snapshot: AddressesSnapshot): AddressFormStep {
  if (snapshot.matches({ editing: 'loadingCode' })) return 'loadingCode'
  if (snapshot.matches({ editing: 'codeFailed' })) return 'codeFailed'
  return snapshot.matches({ editing: 'open' }) ? 'open' : 'none'
}
