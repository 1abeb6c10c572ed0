import type { SnapshotFrom } from 'xstate'
import type { registrationMachine } from './registration.machine'

type RegistrationSnapshot = SnapshotFrom<typeof registrationMachine>

/** Where the form stands: typing, sending, the server's refusal (red for 3 s), no connection, or the congratulation. */
export type RegistrationPhase = 'editing' | 'submitting' | 'failed' | 'networkError' | 'succeeded'

export function registrationPhaseOf(snapshot: RegistrationSnapshot): RegistrationPhase {
  if (snapshot.matches('succeeded')) return 'succeeded'
  if (snapshot.matches('submitting')) return 'submitting'
  if (snapshot.matches({ filling: 'failed' })) return 'failed'
  if (snapshot.matches({ filling: 'networkError' })) return 'networkError'
  return 'editing'
}
