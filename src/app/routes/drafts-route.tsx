import { draftsMachine } from '../../machines/drafts.machine'
import { createDraftsActors } from '../../services/drafts'
import type { AppWiring } from '../wiring/app-wiring'

/** The drafts screen's machine, for the screen host. */
export const wireDrafts = ({ http }: AppWiring) => draftsMachine.provide({ actors: createDraftsActors({ http }) })

/** /cabinet/drafts/ */
export { DraftsPage as DraftsRoute } from '../../views/drafts/drafts-page'
