import { reminderMachine } from '../../machines/reminder.machine'
import { createReminderActors } from '../../services/registration'
import type { AppWiring } from '../wiring/app-wiring'

/** The login page's password reminder dialog: the session runs it as its child "reminder". */
export const wireReminder = ({ http }: AppWiring) => reminderMachine.provide({ actors: createReminderActors({ http }) })

/** /login/ */
export { LoginPage as LoginRoute } from '../../views/login/login-page'
