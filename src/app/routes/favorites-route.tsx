import { favoritesNeedsMachine } from '../../machines/favorites-needs.machine'
import { createFavoritesNeedsActors } from '../../services/favorites'
import type { AppWiring } from '../wiring/app-wiring'
import { deferredBulkActions } from '../wiring/bulk-actions'

/** The favourites and needs screens' machine (one machine, two lists), for the screen host. */
export const wireFavorites = ({ http, cardActors }: AppWiring) =>
  favoritesNeedsMachine.provide({
    actors: {
      ...createFavoritesNeedsActors({ http }),
      ...cardActors,
      ...deferredBulkActions(['bulkAdd', 'bulkRemove'], () =>
        import('../../services/favorites-changes').then((changes) => ({
          bulkAdd: changes.createBulkAddActors({ http }),
          bulkRemove: changes.createBulkRemoveMarksActors({ http }),
        })),
      ),
    },
  })

/** /cabinet/favorites/ and /cabinet/needs/ */
export { FavoritesPage as FavoritesRoute, NeedsPage as NeedsRoute } from '../../views/favorites/favorites-page'
