import type { SnapshotFrom } from 'xstate'
import { CONSIGNEE_FILE_ACCEPT, type ChosenFile } from '../../contract/consignees'
import {
  CONSIGNEE_FORM_MESSAGES,
  type ConsigneeField,
  type ConsigneeFormActor,
  type ConsigneeFormEvent,
  type consigneeFormMachine,
} from '../../machines/consignee-form.machine'
import { consigneeFormStepOf, fieldErrorOf, fileErrorOf, nameSuggestionsOf, saveErrorOf, uploadPercentOf } from '../../machines/consignee-form.selectors'
import { suggestKeyEvent } from '../ui/suggest-keys'
import { useViewModel } from '../ui/use-view-model'

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
