import { actRequestMachine, type ActRequestInput } from '../../machines/act-request.machine'
import { actsMachine } from '../../machines/acts.machine'
import { createActRequestActors, createActsActors } from '../../services/acts'
import { canResume, persisted, type PersistOptions } from '../../services/persisted-logic'
import type { AppWiring } from '../wiring/app-wiring'

/** this tab's open act request (one dialog at a time) */
const ACT_REQUEST_STORAGE_KEY = 'cabinet.actRequest'

/**
 * The acts screen's machine with its request dialog, for the screen host. The dialog's form is
 * kept in this tab's storage while it is open: after a reload the acts screen opens it again as
 * it was (the server's answer is not kept).
 */
export const wireActs = ({ http, tabStorage }: AppWiring) => {
  const request = actRequestMachine.provide({ actors: createActRequestActors({ http }) })
  const keeping: PersistOptions<typeof request> = { key: () => ACT_REQUEST_STORAGE_KEY, storage: tabStorage, mask: ['act'] }
  return actsMachine.provide({
    actors: { ...createActsActors({ http }), actRequest: persisted(request, keeping) },
    guards: {
      hasRequestToResume: ({ context }) =>
        canResume(request, keeping, { contracts: [], contract: context.filter.contract, today: context.today } satisfies ActRequestInput),
    },
  })
}

/** /cabinet/acts/ */
export { ActsPage as ActsRoute } from '../../views/acts/acts-page'
