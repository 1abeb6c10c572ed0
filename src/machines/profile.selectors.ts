import type { SnapshotFrom } from 'xstate'
import type { passwordChangeMachine } from './password-change.machine'
import type { profileMachine } from './profile.machine'

type ProfileSnapshot = SnapshotFrom<typeof profileMachine>
type PasswordChangeSnapshot = SnapshotFrom<typeof passwordChangeMachine>

/** What the profile page shows: loading, the failure, or the account. */
export type ProfileView = 'loading' | 'failed' | 'loaded'

export function profileViewOf(snapshot: ProfileSnapshot): ProfileView {
  if (snapshot.matches('loaded')) return 'loaded'
  if (snapshot.matches('failed')) return 'failed'
  return 'loading'
}

/** «Личные данные»: typing, saving, the save's failure, or «Данные сохранены». */
export type DetailsView = 'editing' | 'saving' | 'failed' | 'saved'

export function detailsViewOf(snapshot: ProfileSnapshot): DetailsView {
  if (snapshot.matches({ loaded: 'saving' })) return 'saving'
  if (snapshot.matches({ loaded: { details: 'failed' } })) return 'failed'
  if (snapshot.matches({ loaded: { details: 'saved' } })) return 'saved'
  return 'editing'
}

/** «Смена пароля»: typing, changing, the refusal, or the password changed. */
export type PasswordChangeView = 'editing' | 'changing' | 'failed' | 'changed'

export function passwordChangeViewOf(snapshot: PasswordChangeSnapshot): PasswordChangeView {
  if (snapshot.matches('changing')) return 'changing'
  if (snapshot.matches({ filling: 'failed' })) return 'failed'
  if (snapshot.matches({ filling: 'changed' })) return 'changed'
  return 'editing'
}
