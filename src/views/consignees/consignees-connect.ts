import type { SnapshotFrom } from 'xstate'
import { CONSIGNEE_FILE_ACCEPT, consigneeFilePath, type ChosenFile, type Consignee } from '../../contract/consignees'
import {
  CONSIGNEE_FORM_MESSAGES,
  type ConsigneeField,
  type ConsigneeFormActor,
  type ConsigneeFormEvent,
  type consigneeFormMachine,
} from '../../machines/consignee-form.machine'
import { consigneeFormStepOf, fieldErrorOf, fileErrorOf, nameSuggestionsOf, saveErrorOf, uploadPercentOf } from '../../machines/consignee-form.selectors'
import { CONSIGNEES_MESSAGES, type ConsigneesActor, type ConsigneesEvent, type consigneesMachine } from '../../machines/consignees.machine'
import { consigneesBodyOf, isConsigneesBusyOf, removeStepOf } from '../../machines/consignees.selectors'
import { formatCount, type WordForms } from '../ui/format'
import { suggestKeyEvent } from '../ui/suggest-keys'
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

/** What the modal reads from its machine. */
const consigneeFormStateOf = (snapshot: SnapshotFrom<typeof consigneeFormMachine>) => ({
  step: consigneeFormStepOf(snapshot),
  isNew: snapshot.context.id === null,
  surname: snapshot.context.surname,
  name: snapshot.context.name,
  fileName: snapshot.context.fileName,
  surnameError: fieldErrorOf(snapshot, 'surname'),
  nameError: fieldErrorOf(snapshot, 'name'),
  fileError: fileErrorOf(snapshot),
  saveError: saveErrorOf(snapshot),
  percent: uploadPercentOf(snapshot),
  surnameSuggestions: nameSuggestionsOf(snapshot, 'surname'),
  nameSuggestions: nameSuggestionsOf(snapshot, 'name'),
  highlighted: snapshot.context.highlighted,
})

type ConsigneeFormState = ReturnType<typeof consigneeFormStateOf>

function connectConsigneeForm(state: ConsigneeFormState, send: (event: ConsigneeFormEvent) => void) {
  const isWorking = state.step !== 'editing'
  /** each name is a combobox: the names the suggestion service (or the company's own consignees) offers */
  const fieldProps = (field: ConsigneeField, label: string) => {
    const options = field === 'surname' ? state.surnameSuggestions : state.nameSuggestions
    return {
      label,
      listLabel: field === 'surname' ? 'Подсказки фамилии' : 'Подсказки имени',
      value: state[field],
      error: field === 'surname' ? state.surnameError : state.nameError,
      isRequired: true,
      isDisabled: isWorking,
      options,
      highlighted: state.highlighted,
      onChange: (value: string) => send({ type: 'field.change', field, value }),
      onKey: (key: string): boolean => {
        const event = suggestKeyEvent(key, { isOpen: options.length > 0, highlighted: state.highlighted })
        if (event) send(event)
        return event !== null
      },
      onChoose: (index: number) => send({ type: 'suggestion.choose', index }),
      onClose: () => send({ type: 'list.close' }),
    }
  }
  return {
    title: state.isNew ? 'Новый грузополучатель' : 'Грузополучатель',
    step: state.step,
    savedText: CONSIGNEE_FORM_MESSAGES.saved,
    getSurnameProps: () => fieldProps('surname', 'Фамилия'),
    getNameProps: () => fieldProps('name', 'Имя'),
    getFileProps: () => ({
      accept: CONSIGNEE_FILE_ACCEPT,
      disabled: isWorking,
      onChange: (file: ChosenFile | null) => send({ type: 'file.choose', file }),
    }),
    /** the image attached before, if any */
    attachedName: state.fileName,
    fileError: state.fileError,
    saveError: state.saveError,
    percent: state.percent,
    isWorking,
    isDismissable: state.step === 'editing' || state.step === 'uploading',
    submit: () => send({ type: 'form.submit' }),
    cancel: () => send({ type: 'form.cancel' }),
  }
}

export type ConsigneeFormApi = ReturnType<typeof connectConsigneeForm>

export const useConsigneeFormApi = (actor: ConsigneeFormActor): ConsigneeFormApi => useViewModel(actor, consigneeFormStateOf, connectConsigneeForm)
