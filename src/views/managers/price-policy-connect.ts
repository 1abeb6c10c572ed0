import type { SnapshotFrom } from 'xstate'
import type { PricePolicyType } from '../../contract/price-policy'
import { PRICE_POLICY_UI_MESSAGES, type PricePolicyActor, type PricePolicyEvent, type pricePolicyMachine } from '../../machines/price-policy.machine'
import {
  MARKUP_HINT,
  isMarkupEnabledOf,
  markupErrorOf,
  pricePolicyOptionsOf,
  pricePolicyStepOf,
  saveFailureOf,
  savedNoticeOf,
} from '../../machines/price-policy.selectors'
import { useViewModel } from '../ui/use-view-model'

/** What the price policy modal reads from its machine: flat, compared shallowly. */
const pricePolicyStateOf = (snapshot: SnapshotFrom<typeof pricePolicyMachine>) => ({
  step: pricePolicyStepOf(snapshot),
  type: snapshot.context.type,
  email: snapshot.context.email,
  markupText: snapshot.context.markupText,
  isMarkupEnabled: isMarkupEnabledOf(snapshot),
  markupError: markupErrorOf(snapshot),
  failure: saveFailureOf(snapshot),
  savedNotice: savedNoticeOf(snapshot),
  errorMessage: snapshot.context.errorMessage,
})

type PricePolicyState = ReturnType<typeof pricePolicyStateOf>

/** The modal's view-model: the radio group, the markup field, the messages and the buttons. */
function connectPricePolicy(state: PricePolicyState, send: (event: PricePolicyEvent) => void) {
  const isBusy = state.step === 'saving' || state.step === 'saved'
  return {
    step: state.step,
    title: PRICE_POLICY_UI_MESSAGES.title,
    email: state.email,
    loadFailed: { title: PRICE_POLICY_UI_MESSAGES.loadFailed, message: state.errorMessage, onRetry: () => send({ type: 'load.retry' }) },
    options: pricePolicyOptionsOf(state.type),
    isBusy,
    choose: (value: PricePolicyType) => send({ type: 'policy.type', value }),
    getMarkupProps: () => ({
      label: 'Наценка, %',
      inputMode: 'decimal' as const,
      autoComplete: 'off',
      value: state.markupText,
      error: state.markupError,
      placeholder: MARKUP_HINT,
      isDisabled: !state.isMarkupEnabled,
      onChange: (value: string) => send({ type: 'policy.markup', value }),
    }),
    failure: state.failure,
    /** the server's own words under spec §8's text, when they say more */
    failureDetail: state.failure && state.errorMessage !== state.failure ? state.errorMessage : null,
    savedNotice: state.savedNotice,
    submit: () => send({ type: 'form.submit' }),
    retry: () => send({ type: 'save.retry' }),
    cancel: () => send({ type: 'form.cancel' }),
  }
}

export type PricePolicyApi = ReturnType<typeof connectPricePolicy>

export const usePricePolicyApi = (actor: PricePolicyActor) => useViewModel(actor, pricePolicyStateOf, connectPricePolicy)
