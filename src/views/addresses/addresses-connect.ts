import type { SnapshotFrom } from 'xstate'
import type { Address } from '../../contract/addresses'
import type { AddressFormActor } from '../../machines/address-form.machine'
import { ADDRESSES_MESSAGES, type AddressesActor, type AddressesEvent, type addressesMachine } from '../../machines/addresses.machine'
import { addressDialogStepOf, addressesViewOf, addressFormStepOf, isAddressesBusyOf } from '../../machines/addresses.selectors'
import { formatCount, type WordForms } from '../ui/format'
import { isPastLastPage } from '../ui/pagination'
import { useViewModel } from '../ui/use-view-model'

type AddressesSnapshot = SnapshotFrom<typeof addressesMachine>

export const ADDRESSES_LOADING_LABEL = 'Загрузка адресов…'
const ADDRESS_FORMS: WordForms = { one: 'адрес', few: 'адреса', many: 'адресов' }

/** What the addresses screen reads from its machine: flat, so equal states compare shallowly equal. */
const addressesStateOf = (snapshot: AddressesSnapshot) => ({
  view: addressesViewOf(snapshot),
  step: addressDialogStepOf(snapshot),
  formStep: addressFormStepOf(snapshot),
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

/** The modal «Адрес доставки» as the page shows it: its code loading or not loaded (with the way out), or the form. */
export type AddressFormDialogModel = { kind: 'none' } | { kind: 'loading' | 'failed'; onClose: () => void } | { kind: 'open'; form: AddressFormActor }

function formDialogOf({ formStep, form }: AddressesState, send: (event: AddressesEvent) => void): AddressFormDialogModel {
  const onClose = () => send({ type: 'dialog.close' })
  if (formStep === 'loadingCode') return { kind: 'loading', onClose }
  if (formStep === 'codeFailed') return { kind: 'failed', onClose }
  return formStep === 'open' && form ? { kind: 'open', form } : { kind: 'none' }
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
    formDialog: formDialogOf(state, send),
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
