import type { SnapshotFrom } from 'xstate'
import type { Account } from '../../contract/account'
import { MENU } from '../../contract/menu'
import { PROFILE_MESSAGES, type ProfileActor, type ProfileEvent, type profileMachine } from '../../machines/profile.machine'
import { profileViewOf } from '../../machines/profile.selectors'
import { useViewModel } from '../ui/use-view-model'

type ProfileSnapshot = SnapshotFrom<typeof profileMachine>

/** GLOSSARY: type_id '1' is the main account, '2' a manager. */
const ROLE_TITLES: Record<string, string> = { '1': 'Основной аккаунт', '2': 'Менеджер' }
const MANAGER_TYPE = '2'

const menuTitle = (key: string) => MENU.find((entry) => entry.key === key)?.title ?? key

/** What the profile page reads from its machine. */
const profileStateOf = (snapshot: ProfileSnapshot) => ({
  view: profileViewOf(snapshot),
  account: snapshot.context.account,
  errorMessage: snapshot.context.errorMessage,
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

/** The profile page's view-model: loading, the failure with «Повторить», or the account's card. */
function connectState({ view, account, errorMessage }: ProfileState, send: (event: ProfileEvent) => void) {
  return {
    view,
    isBusy: view === 'loading',
    getFailedProps: () => ({ title: PROFILE_MESSAGES.loadFailed, message: errorMessage, onRetry: () => send({ type: 'profile.retry' }) }),
    card: view === 'loaded' && account ? cardOf(account) : null,
  }
}

export const connect = (snapshot: ProfileSnapshot, send: (event: ProfileEvent) => void) => connectState(profileStateOf(snapshot), send)

export type ProfileCard = NonNullable<ReturnType<typeof connectState>['card']>

export const useProfileApi = (profile: ProfileActor) => useViewModel(profile, profileStateOf, connectState)
