import { passwordChangeMachine } from '../../machines/password-change.machine'
import { profileMachine } from '../../machines/profile.machine'
import { createPasswordChangeActors, createProfileActors } from '../../services/profile'
import type { AppWiring } from '../wiring/app-wiring'

/** The profile screen's machine, for the screen host. */
export const wireProfile = ({ http }: AppWiring) =>
  profileMachine.provide({
    actors: { ...createProfileActors({ http }), passwordChange: passwordChangeMachine.provide({ actors: createPasswordChangeActors({ http }) }) },
  })

/** /cabinet/profile/ */
export { ProfilePage as ProfileRoute } from '../../views/profile/profile-page'
