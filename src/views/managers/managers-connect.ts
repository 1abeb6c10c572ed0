import type { SnapshotFrom } from 'xstate'
import type { Manager } from '../../contract/managers'
import {
  MANAGER_EDITING_MESSAGES,
  type ManagerEditingActor,
  type ManagerEditingEvent,
  type managerEditingMachine,
} from '../../machines/manager-editing.machine'
import { contractGroupsOf, managerFormMessagesOf, managerFormStepOf, menuCheckboxesOf } from '../../machines/manager-editing.selectors'
import { MANAGERS_MESSAGES, type ManagersActor, type ManagersEvent, type managersMachine } from '../../machines/managers.machine'
import type { PricePolicyActor } from '../../machines/price-policy.machine'
import { isManagersBusyOf, isToggleSavedOf, managersDialogOf, managersViewOf } from '../../machines/managers.selectors'
import { useViewModel } from '../ui/use-view-model'

export const MANAGERS_LOADING_LABEL = MANAGERS_MESSAGES.loading

/** What the managers screen reads from its machine: flat, compared shallowly. */
const managersStateOf = (snapshot: SnapshotFrom<typeof managersMachine>) => ({
  view: managersViewOf(snapshot),
  dialog: managersDialogOf(snapshot),
  isBusy: isManagersBusyOf(snapshot),
  isSaved: isToggleSavedOf(snapshot),
  managers: snapshot.context.managers ?? [],
  target: snapshot.context.target,
  errorMessage: snapshot.context.errorMessage,
  /** the form, while it is open */
  form: (snapshot.children.editing ?? null) as ManagerEditingActor | null,
  /** the price policy modal, while it is open */
  pricing: (snapshot.children.pricing ?? null) as PricePolicyActor | null,
})

type ManagersState = ReturnType<typeof managersStateOf>

/** The managers screen's view-model: the list, its rows' controls and the dialogs. */
function connectManagers(state: ManagersState, send: (event: ManagersEvent) => void) {
  const { isBusy, target, errorMessage } = state
  return {
    view: state.view,
    managers: state.managers,
    form: state.form,
    pricing: state.pricing,
    savedNotice: state.isSaved ? MANAGERS_MESSAGES.saved : null,
    getRetryProps: () => ({ title: MANAGERS_MESSAGES.loadFailed, message: errorMessage, onRetry: () => send({ type: 'list.retry' }) }),
    getAddProps: () => ({ isDisabled: isBusy, onPress: () => send({ type: 'manager.add' }) }),
    getSwitchProps: (manager: Manager) => ({
      role: 'switch' as const,
      'aria-checked': manager.enabled === '1',
      'aria-label': `Доступ: ${manager.email}`,
      isDisabled: isBusy,
      onPress: () => send({ type: 'manager.toggle', manager }),
    }),
    getEditProps: (manager: Manager) => ({
      'aria-label': `Изменить: ${manager.email}`,
      isDisabled: isBusy,
      onPress: () => send({ type: 'manager.edit', manager }),
    }),
    getRemoveProps: (manager: Manager) => ({
      'aria-label': `Удалить: ${manager.email}`,
      isDisabled: isBusy,
      onPress: () => send({ type: 'manager.remove', manager }),
    }),
    getPricePolicyProps: (manager: Manager) => ({
      'aria-label': `Ценовая политика: ${manager.email}`,
      isDisabled: isBusy,
      onPress: () => send({ type: 'manager.pricePolicy', manager }),
    }),
    dialog: {
      kind: state.dialog,
      email: target?.email ?? '',
      question: MANAGERS_MESSAGES.removeQuestion,
      failedTitle: state.dialog === 'toggleFailed' ? MANAGERS_MESSAGES.toggleFailed : MANAGERS_MESSAGES.removeFailed,
      errorMessage,
      onConfirm: () => send({ type: 'remove.confirm' }),
      onCancel: () => send({ type: 'remove.cancel' }),
      onClose: () => send({ type: 'dialog.close' }),
    },
    closeNotice: () => send({ type: 'dialog.close' }),
  }
}

export type ManagersApi = ReturnType<typeof connectManagers>

export const useManagersApi = (actor: ManagersActor) => useViewModel(actor, managersStateOf, connectManagers)

const messagesOf = (snapshot: SnapshotFrom<typeof managerEditingMachine>) => {
  const { email, ...rest } = managerFormMessagesOf(snapshot)
  return { emailError: email, ...rest }
}

/** What the form reads from its machine. */
const managerFormStateOf = (snapshot: SnapshotFrom<typeof managerEditingMachine>) => ({
  step: managerFormStepOf(snapshot),
  ...messagesOf(snapshot),
  isNew: snapshot.context.managerId === null,
  email: snapshot.context.draft.email,
  name: snapshot.context.draft.name,
  groups: contractGroupsOf(snapshot),
  menu: menuCheckboxesOf(snapshot),
  errorMessage: snapshot.context.errorMessage,
})

type ManagerFormState = ReturnType<typeof managerFormStateOf>

/** The form's view-model: its fields, the checkboxes and their messages. */
function connectManagerForm(state: ManagerFormState, send: (event: ManagerEditingEvent) => void) {
  const isBusy = state.step === 'saving' || state.step === 'saved'
  return {
    step: state.step,
    title: state.isNew ? MANAGER_EDITING_MESSAGES.newTitle : MANAGER_EDITING_MESSAGES.editTitle,
    loadFailed: { title: MANAGER_EDITING_MESSAGES.loadFailed, message: state.errorMessage, onRetry: () => send({ type: 'load.retry' }) },
    getEmailProps: () => ({
      label: 'E-mail (логин)',
      type: 'email',
      autoComplete: 'off',
      value: state.email,
      error: state.emailError,
      isRequired: true,
      isDisabled: isBusy,
      onChange: (value: string) => send({ type: 'form.email', value }),
    }),
    getNameProps: () => ({ label: 'Имя', value: state.name, isDisabled: isBusy, onChange: (value: string) => send({ type: 'form.name', value }) }),
    groups: state.groups,
    menu: state.menu,
    contractsMessage: state.contracts,
    formMessage: state.form,
    canRetry: state.canRetry,
    isBusy,
    savedNotice: state.step === 'saved' ? MANAGERS_MESSAGES.saved : null,
    toggleContract: (id: string) => send({ type: 'contract.toggle', id }),
    toggleMenu: (key: string) => send({ type: 'menu.toggle', key }),
    submit: () => send({ type: 'form.submit' }),
    retry: () => send({ type: 'save.retry' }),
    cancel: () => send({ type: 'form.cancel' }),
  }
}

export type ManagerFormApi = ReturnType<typeof connectManagerForm>

export const useManagerFormApi = (actor: ManagerEditingActor) => useViewModel(actor, managerFormStateOf, connectManagerForm)
