import type { SnapshotFrom } from 'xstate'
import type { managersMachine } from './managers.machine'

type ManagersSnapshot = SnapshotFrom<typeof managersMachine>

export type ManagersView = 'loading' | 'failed' | 'empty' | 'list'

export function managersViewOf(snapshot: ManagersSnapshot): ManagersView {
  if (snapshot.matches('failed')) return 'failed'
  const managers = snapshot.context.managers
  if (managers === null || (snapshot.matches('loading') && managers.length === 0)) return 'loading'
  return managers.length === 0 ? 'empty' : 'list'
}

/** The dialog over the list: the delete question, a failure, the saved notice, or none. */
export type ManagersDialog = 'confirmRemove' | 'removing' | 'removeFailed' | 'toggleFailed' | 'none'

export function managersDialogOf(snapshot: ManagersSnapshot): ManagersDialog {
  if (snapshot.matches({ loaded: 'confirmingRemove' })) return 'confirmRemove'
  if (snapshot.matches({ loaded: 'removing' })) return 'removing'
  if (snapshot.matches({ loaded: 'removeFailed' })) return 'removeFailed'
  if (snapshot.matches({ loaded: 'toggleFailed' })) return 'toggleFailed'
  return 'none'
}

/** Whether a row's buttons wait: something runs over the list. */
export const isManagersBusyOf = (snapshot: ManagersSnapshot) =>
  snapshot.matches('loading') || snapshot.matches({ loaded: 'toggling' }) || snapshot.matches({ loaded: 'removing' })

/** «Данные сохранены» after a toggle, for 3 s. */
export const isToggleSavedOf = (snapshot: ManagersSnapshot) => snapshot.matches({ loaded: 'toggled' })
