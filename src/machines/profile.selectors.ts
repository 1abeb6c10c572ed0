import type { SnapshotFrom } from 'xstate'
import type { profileMachine } from './profile.machine'

type ProfileSnapshot = SnapshotFrom<typeof profileMachine>

/** What the profile page shows: loading, the failure, or the account. */
export type ProfileView = 'loading' | 'failed' | 'loaded'

export function profileViewOf(snapshot: ProfileSnapshot): ProfileView {
  if (snapshot.matches('loaded')) return 'loaded'
  if (snapshot.matches('failed')) return 'failed'
  return 'loading'
}
