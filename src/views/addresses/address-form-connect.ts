import type { SnapshotFrom } from 'xstate'
import { ADDRESS_FORM_MESSAGES, type AddressFormActor, type AddressFormEvent, type addressFormMachine } from '../../machines/address-form.machine'
import { addressFormStepOf, saveErrorOf, shownProblemsOf, visibleSuggestionsOf } from '../../machines/address-form.selectors'
import { suggestKeyEvent } from '../ui/suggest-keys'
import { useViewModel } from '../ui/use-view-model'

type AddressFormSnapshot = SnapshotFrom<typeof addressFormMachine>

/** What the modal reads from its machine. */
const addressFormStateOf = (snapshot: AddressFormSnapshot) => {
  const problems = shownProblemsOf(snapshot)
  return {
    step: addressFormStepOf(snapshot),
    fullAddress: snapshot.context.fullAddress,
    postindex: snapshot.context.postindex,
    suggestions: visibleSuggestionsOf(snapshot),
    highlighted: snapshot.context.highlighted,
    addressProblem: problems.fullAddress,
    postindexProblem: problems.postindex,
    saveError: saveErrorOf(snapshot),
  }
}

type AddressFormState = ReturnType<typeof addressFormStateOf>

/** The modal's view-model: the fields, the combobox (keys, options), the messages and the buttons. */
function connectFormState(state: AddressFormState, send: (event: AddressFormEvent) => void) {
  const isOpen = state.suggestions.length > 0
  const isEditing = state.step === 'editing'
  return {
    title: ADDRESS_FORM_MESSAGES.title,
    step: state.step,
    savedText: ADDRESS_FORM_MESSAGES.saved,
    isOpen,
    suggestions: state.suggestions,
    /** the suggestions as the field lists them: the address, its postal index beside it */
    options: state.suggestions.map((suggestion) => ({ value: suggestion.value, note: suggestion.postindex })),
    highlighted: state.highlighted,
    /** while the modal saves or shows "Данные сохранены" it cannot be closed */
    isDismissable: isEditing,
    isDisabled: !isEditing,
    saveError: state.saveError === null ? null : { title: ADDRESS_FORM_MESSAGES.saveFailed, text: state.saveError },
    addressField: { value: state.fullAddress, error: state.addressProblem, onChange: (text: string) => send({ type: 'address.type', text }) },
    postindexField: { value: state.postindex, error: state.postindexProblem, onChange: (text: string) => send({ type: 'postindex.type', text }) },
    /** a key pressed in the address field: true when the combobox used it (the caller then stops it) */
    handleKey: (key: string): boolean => {
      const event = suggestKeyEvent(key, { isOpen, highlighted: state.highlighted })
      if (event) send(event)
      return event !== null
    },
    choose: (index: number) => send({ type: 'suggestion.choose', index }),
    closeList: () => send({ type: 'list.close' }),
    submit: () => send({ type: 'form.submit' }),
    cancel: () => send({ type: 'form.cancel' }),
    submitLabel: state.step === 'saving' ? 'Сохранение…' : 'Сохранить',
  }
}

export type AddressFormApi = ReturnType<typeof connectFormState>

export const connectAddressForm = (snapshot: AddressFormSnapshot, send: (event: AddressFormEvent) => void) =>
  connectFormState(addressFormStateOf(snapshot), send)

export const useAddressFormApi = (form: AddressFormActor): AddressFormApi => useViewModel(form, addressFormStateOf, connectFormState)
