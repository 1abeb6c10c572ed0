import { notificationsMachine } from '../../machines/notifications.machine'
import { createNotificationsActors } from '../../services/notifications'
import type { AppWiring } from '../wiring/app-wiring'

/** The notifications screen's machine, for the screen host. */
export const wireNotifications = ({ http }: AppWiring) => notificationsMachine.provide({ actors: createNotificationsActors({ http }) })

/** /cabinet/notifications/ (the router takes the module's default export) */
export { default } from '../../views/notifications/notifications-page'
