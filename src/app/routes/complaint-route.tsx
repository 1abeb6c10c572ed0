import { complaintMachine } from '../../machines/complaint.machine'
import { browserCookieJar, complaintCookieOf, createComplaintActors, type KeptEntry } from '../../services/complaints'
import type { AppWiring } from '../wiring/app-wiring'

/** The complaint table's machine for the screen host: its calls, the product suggestions and the cookie that keeps the rows. */
export const wireComplaint = ({ http }: AppWiring) => {
  const { restoreEntries, suggestProducts, sendComplaint } = createComplaintActors({ http, jar: browserCookieJar })
  return complaintMachine.provide({
    actors: { restoreEntries, suggest: suggestProducts, sendComplaint },
    actions: { keepEntries: (_, params: { entries: KeptEntry[] }) => browserCookieJar.write(complaintCookieOf(params.entries)) },
  })
}

/** /cabinet/complaints/ (the router takes the module's default export) */
export { default } from '../../views/complaints/complaint-page'
