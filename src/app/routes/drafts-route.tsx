import type { ComponentType } from 'react'
import { draftsMachine } from '../../machines/drafts.machine'
import { createDraftsActors } from '../../services/drafts'
import { DraftsPage } from '../../views/drafts/drafts-page'
import type { AppWiring } from '../wiring/app-wiring'
import { wiredRoute } from './wired-route'

const wireDrafts = ({ http, session, router }: AppWiring) => ({
  drafts: draftsMachine.provide({
    actors: createDraftsActors({ http }),
    actions: {
      // a repeat fills the basket of the draft's contract: the shell ignores another contract's
      notifyBasketChanged: (_, { basket, contract }) => session.system.get('shell')?.send({ type: 'basket.changed', basket, contract }),
      notifyAddress: (_, { page }) => void router.navigate({ to: '/cabinet/drafts/', search: { page }, replace: true }),
    },
  }),
})

/** /cabinet/drafts/ */
export const DraftsRoute: ComponentType = wiredRoute(wireDrafts, DraftsPage)
