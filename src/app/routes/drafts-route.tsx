import { draftsMachine } from '../../machines/drafts.machine'
import { createDraftsActors, removeDraft } from '../../services/drafts'
import type { AppWiring } from '../wiring/app-wiring'
import { deferredBulkActions } from '../wiring/bulk-actions'

/** The drafts screen's machine with its child (the selection bar's bulk removal), for the screen host. */
export const wireDrafts = ({ http }: AppWiring) =>
  draftsMachine.provide({
    actors: {
      ...createDraftsActors({ http }),
      ...deferredBulkActions(['bulkRemove'], () =>
        import('../../services/drafts-bulk').then((bulk) => ({ bulkRemove: bulk.createBulkRemoveDraftsActors({ http, removeDraft }) })),
      ),
    },
  })

/** /cabinet/drafts/ */
export { DraftsPage as DraftsRoute } from '../../views/drafts/drafts-page'
