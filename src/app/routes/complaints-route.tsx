import { complaintsMachine } from '../../machines/complaints.machine'
import { browserCookieJar, createComplaintActors } from '../../services/complaints'
import type { AppWiring } from '../wiring/app-wiring'

/** The complaints list's machine, for the screen host. */
export const wireComplaints = ({ http }: AppWiring) =>
  complaintsMachine.provide({ actors: { loadComplaints: createComplaintActors({ http, jar: browserCookieJar }).loadComplaints } })

/** /cabinet/complaints/list/ (the router takes the module's default export) */
export { default } from '../../views/complaints/complaints-page'
