import type { SnapshotFrom } from 'xstate'
import type { Contragent, ContragentFields } from '../../contract/contragents'
import type { ContragentFormActor, ContragentFormEvent, contragentFormMachine } from '../../machines/contragent-form.machine'
import { contragentFieldErrorsOf, contragentFormMessageOf, contragentFormTitleOf, isContragentFormSavingOf } from '../../machines/contragent-form.selectors'
import { CONTRAGENTS_MESSAGES, type ContragentsActor, type ContragentsEvent, type contragentsMachine } from '../../machines/contragents.machine'
import { contragentDialogStepOf, contragentNoticeOf, contragentsViewOf, isContragentsBusyOf } from '../../machines/contragents.selectors'
import { formatCount, type WordForms } from '../ui/format'
import { useViewModel } from '../ui/use-view-model'

type ContragentsSnapshot = SnapshotFrom<typeof contragentsMachine>

export const CONTRAGENTS_LOADING_LABEL = 'Загрузка контрагентов…'
const CONTRAGENT_FORMS: WordForms = { one: 'контрагент', few: 'контрагента', many: 'контрагентов' }
export const STATE_LABELS = { active: 'Активен', inactive: 'Неактивен' } as const

/** What the contragents screen reads from its machine: flat, so equal states compare shallowly equal. */
const contragentsStateOf = (snapshot: ContragentsSnapshot) => ({
  view: contragentsViewOf(snapshot),
  step: contragentDialogStepOf(snapshot),
  notice: contragentNoticeOf(snapshot),
  isBusy: isContragentsBusyOf(snapshot),
  contragents: snapshot.context.contragents,
  target: snapshot.context.target,
  errorMessage: snapshot.context.errorMessage,
  /** the add or edit modal, while it is open */
  form: snapshot.children.contragentForm ?? null,
})

type ContragentsState = ReturnType<typeof contragentsStateOf>

/** The contragents screen's view-model: what the page, its rows and dialogs show, and the events they send. */
function connectState(state: ContragentsState, send: (event: ContragentsEvent) => void) {
  const { view, step, isBusy, contragents, target, errorMessage } = state
  return {
    view,
    contragents,
    caption: `Всего: ${formatCount(contragents.length, CONTRAGENT_FORMS)}`,
    notice: state.notice === null ? null : { text: state.notice, onClose: () => send({ type: 'notice.close' }) },
    form: state.form,
    getRetryProps: () => ({ title: CONTRAGENTS_MESSAGES.loadFailed, message: errorMessage, onRetry: () => send({ type: 'list.retry' }) }),
    getAddButtonProps: () => ({ isDisabled: isBusy, onPress: () => send({ type: 'contragent.add' }) }),
    /** «Активировать» on an inactive row, «Деактивировать» on an active one */
    getSwitchButtonProps: (contragent: Contragent) => {
      const active = contragent.state === 'active'
      return {
        label: active ? 'Деактивировать' : 'Активировать',
        isDisabled: isBusy,
        'aria-label': `${active ? 'Деактивировать' : 'Активировать'}: ${contragent.company}`,
        onPress: () => send(active ? { type: 'contragent.deactivate', contragent } : { type: 'contragent.activate', contragent }),
      }
    },
    getEditButtonProps: (contragent: Contragent) => ({
      isDisabled: isBusy,
      'aria-label': `Изменить: ${contragent.company}`,
      onPress: () => send({ type: 'contragent.edit', contragent }),
    }),
    getRemoveButtonProps: (contragent: Contragent) => ({
      isDisabled: isBusy,
      'aria-label': `Удалить: ${contragent.company}`,
      onPress: () => send({ type: 'contragent.remove', contragent }),
    }),
    dialog: connectDialog(step, target, errorMessage, send),
  }
}

function connectDialog(
  step: ReturnType<typeof contragentDialogStepOf>,
  target: Contragent | null,
  errorMessage: string | null,
  send: (event: ContragentsEvent) => void,
) {
  switch (step) {
    case 'confirmingRemove':
    case 'removing':
      return {
        kind: 'confirm' as const,
        title: CONTRAGENTS_MESSAGES.removeQuestion,
        text: target ? `«${target.company}», ИНН ${target.inn}` : '',
        isBusy: step === 'removing',
        onConfirm: () => send({ type: 'remove.confirm' }),
        onCancel: () => send({ type: 'remove.cancel' }),
      }
    case 'removeFailed':
    case 'switchFailed':
      return {
        kind: 'failed' as const,
        title: step === 'removeFailed' ? CONTRAGENTS_MESSAGES.removeFailed : CONTRAGENTS_MESSAGES.switchFailed,
        text: errorMessage,
        onClose: () => send({ type: 'dialog.close' }),
      }
    case 'none':
      return { kind: 'none' as const }
  }
}

export const connectContragents = (snapshot: ContragentsSnapshot, send: (event: ContragentsEvent) => void) => connectState(contragentsStateOf(snapshot), send)

export type ContragentsApi = ReturnType<typeof connectState>

export const useContragentsApi = (contragents: ContragentsActor): ContragentsApi => useViewModel(contragents, contragentsStateOf, connectState)

type FormSnapshot = SnapshotFrom<typeof contragentFormMachine>

const contragentFormStateOf = (snapshot: FormSnapshot) => ({
  title: contragentFormTitleOf(snapshot),
  values: snapshot.context.values,
  errors: contragentFieldErrorsOf(snapshot),
  message: contragentFormMessageOf(snapshot),
  isSaving: isContragentFormSavingOf(snapshot),
})

type FormState = ReturnType<typeof contragentFormStateOf>

const FIELD_LABELS: Record<ContragentFields, string> = { company: 'Название', inn: 'ИНН', kpp: 'КПП' }

/** The add/edit modal's view-model. */
function connectFormState(state: FormState, send: (event: ContragentFormEvent) => void) {
  return {
    title: state.title,
    message: state.message,
    isSaving: state.isSaving,
    submitLabel: state.isSaving ? 'Сохранение…' : 'Сохранить',
    getFieldProps: (field: ContragentFields) => ({
      name: field,
      label: FIELD_LABELS[field],
      value: state.values[field],
      error: state.errors[field],
      isDisabled: state.isSaving,
      isRequired: field !== 'kpp',
      onChange: (value: string) => send({ type: 'form.change', field, value }),
      onBlur: () => send({ type: 'form.blur', field }),
    }),
    submit: () => send({ type: 'form.submit' }),
    cancel: () => send({ type: 'form.cancel' }),
  }
}

export const connectContragentForm = (snapshot: FormSnapshot, send: (event: ContragentFormEvent) => void) =>
  connectFormState(contragentFormStateOf(snapshot), send)

export const useContragentFormApi = (form: ContragentFormActor) => useViewModel(form, contragentFormStateOf, connectFormState)
