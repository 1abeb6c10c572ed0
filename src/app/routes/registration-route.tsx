import { keptContextOf, registrationMachine } from '../../machines/registration.machine'
import { createClockActors } from '../../services/clock'
import { keepingSnapshots, readKeptContext } from '../../services/kept-snapshot'
import { createRegistrationActors } from '../../services/registration'
import { REGISTRATION_SNAPSHOT_KEY } from '../../services/storage'
import { LoginPage } from '../../views/login/login-page'
import { RegistrationModal } from '../../views/registration/registration-modal'
import type { AppWiring } from '../wiring/app-wiring'

// a new captcha picture asks the system clock for its time
const machineOf = ({ http }: AppWiring) =>
  registrationMachine.provide({ actors: { ...createRegistrationActors({ http }), clock: createClockActors().clock } })

/** The registration form, the session's child "registration": this tab keeps its snapshot, without the password and the code. */
export const wireRegistration = (app: AppWiring) =>
  keepingSnapshots(machineOf(app), { storage: app.tabStorage, key: REGISTRATION_SNAPSHOT_KEY, mask: keptContextOf })

/** The context of the snapshot this tab kept of the form, or null. */
export const keptRegistration = (app: AppWiring): unknown => readKeptContext(registrationMachine, app.tabStorage, REGISTRATION_SNAPSHOT_KEY)

/** /registration/form: the registration modal over the login page. */
export function RegistrationRoute() {
  return (
    <>
      <LoginPage />
      <RegistrationModal />
    </>
  )
}
