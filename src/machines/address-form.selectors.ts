import type { SnapshotFrom } from 'xstate'
import { addressProblems, type AddressProblems } from '../contract/addresses'
import type { Suggestion } from '../contract/suggestions'
import type { AddressFormContext, addressFormMachine } from './address-form.machine'

type AddressFormSnapshot = SnapshotFrom<typeof addressFormMachine>

/** What each field gets wrong now (shown only in `invalid`). */
export const addressFormProblemsOf = (context: Pick<AddressFormContext, 'fullAddress' | 'postindex'>): AddressProblems =>
  addressProblems(context.fullAddress, context.postindex)

const NO_PROBLEMS: AddressProblems = { fullAddress: null, postindex: null }

/** The messages under the fields: while the form is invalid, each wrong field's. */
export const shownProblemsOf = (snapshot: AddressFormSnapshot): AddressProblems =>
  snapshot.matches({ editing: { form: 'invalid' } }) ? addressFormProblemsOf(snapshot.context) : NO_PROBLEMS

const NO_SUGGESTIONS: Suggestion[] = []

/** The suggestions listed under the address field (none while the list is closed). */
export const visibleSuggestionsOf = (snapshot: AddressFormSnapshot): Suggestion[] =>
  snapshot.matches({ editing: { list: 'open' } }) ? snapshot.context.suggestions : NO_SUGGESTIONS

/** Which step of the modal shows: the form, the save running, or "Данные сохранены". */
export type AddressFormStep = 'editing' | 'saving' | 'saved' | 'closed'

export function addressFormStepOf(snapshot: AddressFormSnapshot): AddressFormStep {
  if (snapshot.matches('saving')) return 'saving'
  if (snapshot.matches('saved')) return 'saved'
  if (snapshot.matches('editing')) return 'editing'
  return 'closed'
}

/** The server's refusal of the last save, while the form shows it. */
export const saveErrorOf = (snapshot: AddressFormSnapshot): string | null =>
  snapshot.matches({ editing: { form: 'failed' } }) ? snapshot.context.errorMessage : null
