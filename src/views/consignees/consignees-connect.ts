import type { SnapshotFrom } from 'xstate'
import { consigneeFilePath, type Consignee } from '../../contract/consignees'
import type { ConsigneeFormActor } from '../../machines/consignee-form.machine'
import { CONSIGNEES_MESSAGES, type ConsigneesActor, type ConsigneesEvent, type consigneesMachine } from '../../machines/consignees.machine'
import { consigneesBodyOf, isConsigneesBusyOf, removeStepOf } from '../../machines/consignees.selectors'
import { formatCount, type WordForms } from '../ui/format'
import { useViewModel } from '../ui/use-view-model'

export const CONSIGNEES_LOADING_LABEL = 'Загрузка грузополучателей'

const CONSIGNEE_FORMS: WordForms = { one: 'грузополучатель', few: 'грузополучателя', many: 'грузополучателей' }

const fullName = (consignee: Consignee) => `${consignee.surname} ${consignee.name}`

/** What the consignees screen reads from its machine: flat, so equal states compare shallowly equal. */
const consigneesStateOf = (snapshot: SnapshotFrom<typeof consigneesMachine>) => ({
  body: consigneesBodyOf(snapshot),
  isBusy: isConsigneesBusyOf(snapshot),
  isLoading: snapshot.matches('loading'),
  removeStep: removeStepOf(snapshot),
  consignees: snapshot.context.consignees,
  selectedId: snapshot.context.selectedId,
  target: snapshot.context.target,
  errorMessage: snapshot.context.errorMessage,
  form: (snapshot.children.consigneeForm as ConsigneeFormActor | undefined) ?? null,
})

type ConsigneesState = ReturnType<typeof consigneesStateOf>

function connectConsignees(state: ConsigneesState, send: (event: ConsigneesEvent) => void) {
  const { isBusy, target, removeStep } = state
  const consignees = state.consignees ?? []
  return {
    body: state.body,
    isLoading: state.isLoading,
    consignees,
    caption: formatCount(consignees.length, CONSIGNEE_FORMS),
    errorMessage: state.errorMessage,
    getRetryProps: () => ({ title: CONSIGNEES_MESSAGES.loadFailed, message: state.errorMessage, onRetry: () => send({ type: 'list.retry' }) }),
    getAddButtonProps: () => ({ isDisabled: isBusy, onPress: () => send({ type: 'consignee.add' }) }),
    isSelected: (consignee: Consignee) => consignee.id === state.selectedId,
    getSelectProps: (consignee: Consignee) => ({
      'aria-pressed': consignee.id === state.selectedId,
      disabled: isBusy,
      onClick: () => send({ type: 'consignee.select', id: consignee.id }),
    }),
    getEditButtonProps: (consignee: Consignee) => ({
      isDisabled: isBusy,
      'aria-label': `Изменить: ${fullName(consignee)}`,
      onPress: () => send({ type: 'consignee.edit', consignee }),
    }),
    getRemoveButtonProps: (consignee: Consignee) => ({
      isDisabled: isBusy,
      'aria-label': `Удалить: ${fullName(consignee)}`,
      onPress: () => send({ type: 'consignee.remove', consignee }),
    }),
    /** the attached image: its address and what a screen reader says of it */
    imageOf: (consignee: Consignee) =>
      consignee.file_name === null
        ? null
        : {
            href: `${consigneeFilePath(consignee.id)}?name=${encodeURIComponent(consignee.file_name)}`,
            name: consignee.file_name,
            alt: `Файл: ${consignee.file_name}`,
          },
    remove:
      removeStep === 'confirmingRemove' || removeStep === 'removing'
        ? {
            kind: 'confirm' as const,
            title: CONSIGNEES_MESSAGES.removeQuestion,
            text: target ? fullName(target) : '',
            isBusy: removeStep === 'removing',
            onConfirm: () => send({ type: 'remove.confirm' }),
            onCancel: () => send({ type: 'remove.cancel' }),
          }
        : removeStep === 'removeFailed'
          ? {
              kind: 'failed' as const,
              title: CONSIGNEES_MESSAGES.removeFailed,
              text: state.errorMessage ?? '',
              onClose: () => send({ type: 'dialog.close' }),
            }
          : { kind: 'none' as const },
    form: state.form,
    closeForm: () => state.form?.send({ type: 'form.cancel' }),
  }
}

export type ConsigneesApi = ReturnType<typeof connectConsignees>

export const useConsigneesApi = (actor: ConsigneesActor): ConsigneesApi => useViewModel(actor, consigneesStateOf, connectConsignees)
