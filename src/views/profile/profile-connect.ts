import type { SnapshotFrom } from 'xstate'
import type { Account } from '../../contract/account'
import { MENU } from '../../contract/menu'
import { PROFILE_TEXTS } from '../../contract/profile'
import type { PasswordChangeActor, PasswordChangeEvent, PasswordField, passwordChangeMachine } from '../../machines/password-change.machine'
import { PROFILE_MESSAGES, type DetailField, type ProfileActor, type ProfileEvent, type profileMachine } from '../../machines/profile.machine'
import { detailsViewOf, passwordChangeViewOf, profileViewOf } from '../../machines/profile.selectors'
import { useViewModel } from '../ui/use-view-model'

type ProfileSnapshot = SnapshotFrom<typeof profileMachine>
type PasswordChangeSnapshot = SnapshotFrom<typeof passwordChangeMachine>

/** GLOSSARY: type_id '1' is the main account, '2' a manager. */
const ROLE_TITLES: Record<string, string> = { '1': 'Основной аккаунт', '2': 'Менеджер' }
const MANAGER_TYPE = '2'

const menuTitle = (key: string) => MENU.find((entry) => entry.key === key)?.title ?? key

/** What the profile page reads from its machine. */
const profileStateOf = (snapshot: ProfileSnapshot) => ({
  view: profileViewOf(snapshot),
  detailsView: detailsViewOf(snapshot),
  account: snapshot.context.account,
  errorMessage: snapshot.context.errorMessage,
  details: snapshot.context.details,
  detailErrors: snapshot.context.detailErrors,
  detailsMessage: snapshot.context.detailsMessage,
  passwordChange: snapshot.children.passwordChange,
  problemReport: snapshot.children.problemReport,
})

type ProfileState = ReturnType<typeof profileStateOf>

/** The account's facts as the card lists them (a manager also sees the sections closed to it). */
function cardOf(account: Account) {
  return {
    facts: [
      { title: 'Имя', value: account.name },
      { title: 'E-mail', value: account.email },
      { title: 'Телефон', value: account.phone || '—' },
      { title: 'Компания', value: account.company },
      { title: 'ИНН', value: account.inn },
      { title: 'Роль', value: ROLE_TITLES[account.type_id] ?? account.type_id },
    ],
    contracts: account.contracts,
    /** the sections closed to a manager, by title; null for the main account */
    hiddenSections: account.type_id === MANAGER_TYPE ? account.disabledMenus.map((key) => ({ key, title: menuTitle(key) })) : null,
  }
}

/** «Личные данные»: the name and phone fields, «Сохранить», «Данные сохранены» or the save's failure. */
function detailsFormOf({ detailsView, details, detailErrors, detailsMessage }: ProfileState, send: (event: ProfileEvent) => void) {
  const isSaving = detailsView === 'saving'
  return {
    getFieldProps: (field: DetailField) => ({
      name: field,
      value: details[field],
      error: detailErrors[field],
      isReadOnly: isSaving,
      onChange: (value: string) => send({ type: 'details.change', field, value }),
      onBlur: () => send({ type: 'details.blur', field }),
    }),
    getSubmitProps: () => ({ type: 'submit' as const, variant: 'primary' as const, isDisabled: isSaving }),
    submit: () => send({ type: 'details.submit' }),
    saved: detailsView === 'saved' ? PROFILE_TEXTS.saved : null,
    alert: detailsView === 'failed' ? detailsMessage : null,
  }
}

/** The profile page's view-model: loading, the failure with «Повторить», or the account's card and its forms. */
function connectState(state: ProfileState, send: (event: ProfileEvent) => void) {
  const { view, account, errorMessage } = state
  const isLoaded = view === 'loaded' && account !== null
  return {
    view,
    isBusy: view === 'loading',
    getFailedProps: () => ({ title: PROFILE_MESSAGES.loadFailed, message: errorMessage, onRetry: () => send({ type: 'profile.retry' }) }),
    card: isLoaded ? cardOf(account) : null,
    details: isLoaded ? detailsFormOf(state, send) : null,
    /** the password change's actor, a child of the page while the account is shown */
    passwordChange: isLoaded ? (state.passwordChange ?? null) : null,
    /** «Сообщить о проблеме»'s actor, a child of the page whether or not the account loaded */
    problemReport: state.problemReport ?? null,
  }
}

export const connect = (snapshot: ProfileSnapshot, send: (event: ProfileEvent) => void) => connectState(profileStateOf(snapshot), send)

export type ProfileCard = NonNullable<ReturnType<typeof connectState>['card']>
export type DetailsForm = NonNullable<ReturnType<typeof connectState>['details']>

export const useProfileApi = (profile: ProfileActor) => useViewModel(profile, profileStateOf, connectState)

const passwordStateOf = (snapshot: PasswordChangeSnapshot) => ({
  view: passwordChangeViewOf(snapshot),
  values: snapshot.context.values,
  errors: snapshot.context.errors,
  message: snapshot.context.message,
})

type PasswordState = ReturnType<typeof passwordStateOf>

/** «Смена пароля»: three password fields, «Сменить пароль», the refusal or the done message. */
function connectPasswordState({ view, values, errors, message }: PasswordState, send: (event: PasswordChangeEvent) => void) {
  const isChanging = view === 'changing'
  return {
    getFieldProps: (field: PasswordField) => ({
      name: field,
      value: values[field],
      error: errors[field],
      isReadOnly: isChanging,
      onChange: (value: string) => send({ type: 'password.change', field, value }),
      onBlur: () => send({ type: 'password.blur', field }),
    }),
    getSubmitProps: () => ({ type: 'submit' as const, variant: 'primary' as const, isDisabled: isChanging }),
    submit: () => send({ type: 'password.submit' }),
    done: view === 'changed' ? PROFILE_TEXTS.passwordChanged : null,
    alert: view === 'failed' ? message : null,
  }
}

export const connectPasswordChange = (snapshot: PasswordChangeSnapshot, send: (event: PasswordChangeEvent) => void) =>
  connectPasswordState(passwordStateOf(snapshot), send)

export const usePasswordChangeApi = (actor: PasswordChangeActor) => useViewModel(actor, passwordStateOf, connectPasswordState)
