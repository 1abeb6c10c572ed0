import type { ComponentType } from 'react'
import { reminderMachine } from '../../machines/reminder.machine'
import { createReminderActors } from '../../services/registration'
import { LoginPage } from '../../views/login/login-page'
import type { AppWiring } from '../wiring/app-wiring'
import { wiredRoute } from './wired-route'

/** The login page's password reminder dialog. */
export const wireLogin = ({ http }: AppWiring) => ({ reminder: reminderMachine.provide({ actors: createReminderActors({ http }) }) })

/** /login/ */
export const LoginRoute: ComponentType = wiredRoute(wireLogin, LoginPage)
