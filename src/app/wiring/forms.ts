import { fromPromise } from 'xstate'
import type { registrationMachine } from '../../machines/registration.machine'
import type { reminderMachine } from '../../machines/reminder.machine'
import type { FormName } from '../../machines/session.machine'
import { ROUTE_MODULES } from '../route-modules'
import type { AppWiring } from './app-wiring'
import { deferredLogic } from './deferred-logic'

/**
 * The signed-out forms the session runs as its children, each loaded with its route (the session
 * waits in `loadingCode`): the registration from its route module, the reminder from the login's.
 * Loading the registration also answers what this tab kept of it, which the session starts it from.
 */
export function wireForms(wiring: AppWiring) {
  const registration = deferredLogic<typeof registrationMachine>(() => ROUTE_MODULES.registration().then((route) => route.wireRegistration(wiring)))
  const reminder = deferredLogic<typeof reminderMachine>(() => ROUTE_MODULES.login().then((route) => route.wireReminder(wiring)))
  const load = async (name: FormName): Promise<unknown> => {
    if (name === 'reminder') {
      await reminder.load()
      return null
    }
    await registration.load()
    return (await ROUTE_MODULES.registration()).keptRegistration(wiring)
  }
  return {
    registration: registration.logic,
    reminder: reminder.logic,
    loadFormCode: fromPromise<unknown, { name: FormName }>(({ input }) => load(input.name)),
  }
}
