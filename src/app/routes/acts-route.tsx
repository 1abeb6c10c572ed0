import { actRequestMachine } from '../../machines/act-request.machine'
import { actsMachine } from '../../machines/acts.machine'
import { createActRequestActors, createActsActors } from '../../services/acts'
import type { AppWiring } from '../wiring/app-wiring'

/** The acts screen's machine with its request dialog, for the screen host. */
export const wireActs = ({ http }: AppWiring) =>
  actsMachine.provide({
    actors: { ...createActsActors({ http }), actRequest: actRequestMachine.provide({ actors: createActRequestActors({ http }) }) },
  })

/** /cabinet/acts/ */
export { ActsPage as ActsRoute } from '../../views/acts/acts-page'
