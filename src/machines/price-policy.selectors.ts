import type { SnapshotFrom } from 'xstate'
import { MARKUP_MAX, PRICE_POLICY_LABELS, PRICE_POLICY_MESSAGES, PRICE_POLICY_TYPES, type PricePolicyType } from '../contract/price-policy'
import type { pricePolicyMachine } from './price-policy.machine'

type PricePolicySnapshot = SnapshotFrom<typeof pricePolicyMachine>

export type PricePolicyStep = 'loading' | 'loadFailed' | 'editing' | 'saving' | 'saved'

export function pricePolicyStepOf(snapshot: PricePolicySnapshot): PricePolicyStep {
  if (snapshot.matches('loadFailed')) return 'loadFailed'
  if (snapshot.matches('editing')) return 'editing'
  if (snapshot.matches('saving')) return 'saving'
  if (snapshot.matches('saved') || snapshot.matches('closed')) return 'saved'
  return 'loading'
}

export interface PricePolicyOption {
  value: PricePolicyType
  label: string
  isChosen: boolean
}

/** The radio group: the three kinds in the spec's order, the chosen one marked. */
export const pricePolicyOptionsOf = (chosen: PricePolicyType): PricePolicyOption[] =>
  PRICE_POLICY_TYPES.map((value) => ({ value, label: PRICE_POLICY_LABELS[value], isChosen: chosen === value }))

/** The markup field is open for the markup kind only, and never while the save runs. */
export const isMarkupEnabledOf = (snapshot: PricePolicySnapshot) => snapshot.context.type === 'markup' && snapshot.matches('editing')

/** The markup's rule under the field after a refused «Сохранить». */
export const markupErrorOf = (snapshot: PricePolicySnapshot) => (snapshot.matches({ editing: 'invalidMarkup' }) ? PRICE_POLICY_MESSAGES.badMarkup : null)

/** Spec §8's failure text, while the save failed (the server's message is shown beneath it). */
export const saveFailureOf = (snapshot: PricePolicySnapshot) => (snapshot.matches({ editing: 'failed' }) ? PRICE_POLICY_MESSAGES.failed : null)

/** «Данные сохранены» for 3 s after the save. */
export const savedNoticeOf = (snapshot: PricePolicySnapshot) => (snapshot.matches('saved') ? PRICE_POLICY_MESSAGES.saved : null)

/** The field's hint: what the markup may be. */
export const MARKUP_HINT = `От 0 до ${MARKUP_MAX} %, до двух знаков после запятой`
