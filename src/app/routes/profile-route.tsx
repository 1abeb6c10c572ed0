import { passwordChangeMachine } from '../../machines/password-change.machine'
import { problemReportMachine } from '../../machines/problem-report.machine'
import { profileMachine } from '../../machines/profile.machine'
import { createProblemReportActors } from '../../services/problem-report'
import { createPasswordChangeActors, createProfileActors } from '../../services/profile'
import type { AppWiring } from '../wiring/app-wiring'

/** The profile screen's machine, for the screen host. */
export const wireProfile = ({ http, journal }: AppWiring) =>
  profileMachine.provide({
    actors: {
      ...createProfileActors({ http }),
      passwordChange: passwordChangeMachine.provide({ actors: createPasswordChangeActors({ http }) }),
      problemReport: problemReportMachine.provide({ actors: createProblemReportActors({ http, journal }) }),
    },
  })

/** /cabinet/profile/ */
export { ProfilePage as ProfileRoute } from '../../views/profile/profile-page'
