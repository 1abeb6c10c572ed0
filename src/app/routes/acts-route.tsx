import type { ComponentType } from 'react'
import { actRequestMachine } from '../../machines/act-request.machine'
import { actsMachine } from '../../machines/acts.machine'
import { createActRequestActors, createActsActors } from '../../services/acts'
import { ActsPage } from '../../views/acts/acts-page'
import type { AppWiring } from '../wiring/app-wiring'
import { wiredRoute } from './wired-route'

const wireActs = ({ http, router }: AppWiring) => ({
  acts: actsMachine.provide({
    actors: { ...createActsActors({ http }), actRequest: actRequestMachine.provide({ actors: createActRequestActors({ http }) }) },
    actions: { notifyAddress: (_, { page }) => void router.navigate({ to: '/cabinet/acts/', search: { page }, replace: true }) },
  }),
})

/** /cabinet/acts/ */
export const ActsRoute: ComponentType = wiredRoute(wireActs, ActsPage)
