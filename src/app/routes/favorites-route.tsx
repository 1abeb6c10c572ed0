import type { ComponentType } from 'react'
import { favoritesNeedsMachine } from '../../machines/favorites-needs.machine'
import { createFavoritesNeedsActors } from '../../services/favorites'
import { FavoritesPage, NeedsPage } from '../../views/favorites/favorites-page'
import type { AppWiring } from '../wiring/app-wiring'
import { wiredRoute } from './wired-route'

const wireFavorites = ({ http, router, productCard }: AppWiring) => ({
  favoritesNeeds: favoritesNeedsMachine.provide({
    actors: { ...createFavoritesNeedsActors({ http }), productCard },
    actions: {
      notifyAddress: (_, { list, page }) => void router.navigate({ to: `/cabinet/${list}/`, search: { page }, replace: true }),
    },
  }),
})

/** /cabinet/favorites/ and /cabinet/needs/: one machine, two lists. */
export const FavoritesRoute: ComponentType = wiredRoute(wireFavorites, FavoritesPage)
export const NeedsRoute: ComponentType = wiredRoute(wireFavorites, NeedsPage)
