import type { SnapshotFrom } from 'xstate'
import type { Address } from '../../contract/addresses'
import { ADDRESS_FORM_MESSAGES, type AddressFormActor, type AddressFormEvent, type addressFormMachine } from '../../machines/address-form.machine'
import { addressFormStepOf, saveErrorOf, shownProblemsOf, visibleSuggestionsOf } from '../../machines/address-form.selectors'
import { ADDRESSES_MESSAGES, type AddressesActor, type AddressesEvent, type addressesMachine } from '../../machines/addresses.machine'
import { addressDialogStepOf, addressesViewOf, isAddressesBusyOf } from '../../machines/addresses.selectors'
import { formatCount, type WordForms } from '../ui/format'
import { isPastLastPage } from '../ui/pagination'
import { suggestKeyEvent } from '../ui/suggest-keys'
import { useViewModel } from '../ui/use-view-model'

type AddressesSnapshot = SnapshotFrom<typeof addressesMachine>

export const ADDRESSES_LOADING_LABEL = 'Загрузка адресов…'
const ADDRESS_FORMS: WordForms = { one: 'адрес', few: 'адреса', many: 'адресов' }

/** What the addresses screen reads from its machine: flat, so equal states compare shallowly equal. */
const addressesStateOf = (snapshot: AddressesSnapshot) => ({
  view: addressesViewOf(snapshot),
  step: addressDialogStepOf(snapshot),
  isBusy: isAddressesBusyOf(snapshot),
  result: snapshot.context.result,
  page: snapshot.context.page,
  target: snapshot.context.target,
  selectedId: snapshot.context.selectedId,
  errorMessage: snapshot.context.errorMessage,
  /** the open modal «Адрес доставки» */
  form: snapshot.children.addressForm ?? null,
})

type AddressesState = ReturnType<typeof addressesStateOf>

type AddressesBody = 'failed' | 'pastLastPage' | 'empty' | 'firstLoad' | 'list'

function bodyOf({ view, result, page }: AddressesState): AddressesBody {
  if (view === 'failed') return 'failed'
  if (view === 'empty') return result && isPastLastPage(page, result.pagination.pages) ? 'pastLastPage' : 'empty'
  return result ? 'list' : 'firstLoad'
}

/** The addresses screen's view-model: what the page and its dialogs show, and the events they send. */
function connectState(state: AddressesState, send: (event: AddressesEvent) => void) {
  const { view, step, isBusy, result, page, target, errorMessage } = state
  const isLoading = view === 'loading'
  return {
    body: bodyOf(state),
    page,
    pages: result?.pagination.pages ?? 0,
    addresses: result?.addresses ?? [],
    isLoading,
    /** «Всего: 3 адреса», or the loading label while the next page loads */
    caption: isLoading || !result ? ADDRESSES_LOADING_LABEL : `Всего: ${formatCount(result.count, ADDRESS_FORMS)}`,
    form: state.form,
    isSelected: (address: Address) => address.id === state.selectedId,
    getRetryProps: () => ({ title: ADDRESSES_MESSAGES.loadFailed, message: errorMessage, onRetry: () => send({ type: 'list.retry' }) }),
    getAddButtonProps: () => ({ isDisabled: isBusy, onPress: () => send({ type: 'address.add' }) }),
    getEditButtonProps: (address: Address) => ({
      isDisabled: isBusy,
      'aria-label': `Изменить: ${address.full_address}`,
      onPress: () => send({ type: 'address.edit', address }),
    }),
    getRemoveButtonProps: (address: Address) => ({
      isDisabled: isBusy,
      'aria-label': `Удалить: ${address.full_address}`,
      onPress: () => send({ type: 'address.remove', address }),
    }),
    dialog:
      step === 'confirmingRemove' || step === 'removing'
        ? {
            kind: 'confirm' as const,
            title: ADDRESSES_MESSAGES.removeQuestion,
            text: target?.full_address ?? '',
            isBusy: step === 'removing',
            onConfirm: () => send({ type: 'remove.confirm' }),
            onCancel: () => send({ type: 'remove.cancel' }),
          }
        : step === 'removeFailed'
          ? { kind: 'failed' as const, title: ADDRESSES_MESSAGES.removeFailed, text: errorMessage, onClose: () => send({ type: 'dialog.close' }) }
          : { kind: 'none' as const },
  }
}

export type AddressesApi = ReturnType<typeof connectState>

export const connectAddresses = (snapshot: AddressesSnapshot, send: (event: AddressesEvent) => void) => connectState(addressesStateOf(snapshot), send)

export const useAddressesApi = (addresses: AddressesActor): AddressesApi => useViewModel(addresses, addressesStateOf, connectState)

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
