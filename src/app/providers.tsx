import { RouterProvider } from '@tanstack/react-router'
import { createActor } from 'xstate'
import type { basketMachine } from '../machines/basket.machine'
import type { searchAutocompleteMachine } from '../machines/search-autocomplete.machine'
import type { inboxMachine } from '../machines/inbox.machine'
import type { invitationMachine } from '../machines/invitation.machine'
import { productCardHostMachine } from '../machines/product-card-host.machine'
import type { callbackMachine } from '../machines/callback.machine'
import type { productCardMachine } from '../machines/product-card.machine'
import { sessionMachine, type SessionActor } from '../machines/session.machine'
import { shellMachine } from '../machines/shell.machine'
import { SIDEBAR_MODES, sidebarMachine } from '../machines/sidebar.machine'
import { createShellActors } from '../services/account'
import { createSessionActors, createUnauthorizedSignal } from '../services/auth'
import { createHttp } from '../services/http'
import { nextIdle, nextTask } from '../services/idle'
import { createJournal } from '../services/journal-hook'
import { createStorage, createTabStorage, SIDEBAR_STORAGE_KEY, WAREHOUSE_STORAGE_KEY } from '../services/storage'
import { AppDepsProvider, type AppDeps } from '../views/app-deps'
import { SessionProvider } from '../views/session/session-context'
import { ROUTE_MODULES } from './route-modules'
import { BUILT_SCREENS, createAppRouter, type AppRouter } from './router'
import { followSession } from './routes/session-guards'
import type { AppWiring } from './wiring/app-wiring'
import { deferredLogic, loadCodeOf, loadOnce } from './wiring/deferred-logic'
import { wireForms } from './wiring/forms'
import { wireBasketAdders } from './wiring/frame'
import { wireScreenHost } from './wiring/screens'
import { followAddress } from './address-events'
import { createAddressWriter, pageScheduler } from './address-writer'

export interface AppRuntime {
  session: SessionActor
  deps: AppDeps
  router: AppRouter
  wiring: AppWiring
}

/**
 * The composition root, run once at start-up. It is the only place that joins services to
 * machines: one http client, the session actor (signed in / out for the whole app), the
 * sidebar actor (its width remembered in localStorage), the machines of the frame with their
 * real actors provided (wiring/frame.ts), and the router (its guards read the
 * session; a session change re-runs them). Every screen's machines are joined to these
 * same pieces (`wiring`) by the screen's route module in src/app/routes when it is first shown,
 * so they are not in the first load.
 * Views get these through SessionProvider, AppDepsProvider and RouteDepsProvider and never
 * import a service; they read running machines from the session's actor tree and never start one.
 */
export async function createAppRuntime(): Promise<AppRuntime> {
  // a 401 from any call means the server session is gone: the session machine signs out
  const unauthorized = createUnauthorizedSignal()
  const http = createHttp({ onUnauthorized: unauthorized.notify })
  const journal = createJournal({ storage: createTabStorage() })
  const storage = createStorage()
  const tabStorage = createTabStorage()
  // the session is the root of the app's actor system: while signed in it runs the shell
  // ('shell'), which runs the basket of the selected contract ('basket') and the header search
  // ('headerSearch') once their code, not part of the first load, is there; while signed out it runs
  // the registration form at its address ('registration') and the password reminder while open
  // ('reminder'), each loaded with its route; signed in or not, it runs the invitation form while
  // the invitation page is shown ('invitation')
  // the product card runs as the child of the workflow that opens it (the catalogue, the header search, favourites)
  const productCard = deferredLogic<typeof productCardMachine>(() => import('./wiring/product-card').then((module) => module.wireProductCard({ http })))
  const cardActors = { productCard: productCard.logic, loadCardCode: loadCodeOf(productCard) }
  // the invitation form runs as the session's child while its page is shown, its code loaded with its route
  const invitation = deferredLogic<typeof invitationMachine>(() => ROUTE_MODULES.invitation().then((route) => route.wireInvitation(wiring)))
  const wiring: AppWiring = { http, storage, tabStorage, journal, cardActors, loadInvitationCode: invitation.load }
  const basket = deferredLogic<typeof basketMachine>(() => import('./wiring/basket').then((module) => module.wireBasket({ http, tabStorage })))
  // the header search and the inbox (the sidebar's unread counts, the top news) come in one chunk
  // at the first idle moment after the screen's first paint: their code, the search's combobox, the
  // inbox's start and its first GET /api/inbox/ stay out of the start-up's busy frames (issue 24)
  const frameCode = loadOnce(() => nextIdle().then(() => import('./wiring/header-search')))
  const headerSearch = deferredLogic<typeof searchAutocompleteMachine>(() => frameCode().then((module) => module.wireHeaderSearch(wiring)))
  const inbox = deferredLogic<typeof inboxMachine>(() => frameCode().then((module) => module.wireInbox(wiring)))
  // «Заказать звонок»: the dialog's machine loads when the dealer first opens it
  const callback = deferredLogic<typeof callbackMachine>(() => import('./wiring/callback').then((module) => module.wireCallback(wiring)))
  const shell = shellMachine.provide({
    actors: {
      ...createShellActors({ http, storage }),
      basket: basket.logic,
      loadBasketCode: loadCodeOf(basket),
      headerSearch: headerSearch.logic,
      loadHeaderSearchCode: loadCodeOf({ load: () => inbox.load().then(headerSearch.load) }),
      inbox: inbox.logic,
      screenHost: wireScreenHost(wiring),
      productCardHost: productCardHostMachine.provide({ actors: cardActors }),
      basketAdders: wireBasketAdders(wiring),
      callback: callback.logic,
      loadCallbackCode: loadCodeOf(callback),
    },
    actions: {
      persistWarehouse: (_, { id }) => storage.write(WAREHOUSE_STORAGE_KEY, String(id)),
      // after the screen's own work of the event (a filter click's request and answer): address-writer.ts
      navigate: (_, navigation) => writeAddress(navigation),
    },
  })
  // the sidebar's width is remembered in this browser (localStorage)
  const sidebar = sidebarMachine.provide({ actions: { storeMode: (_, { mode }) => storage.write(SIDEBAR_STORAGE_KEY, mode) } })
  const session = createActor(
    sessionMachine.provide({
      actors: { ...createSessionActors({ http }), shell, sidebar, watchUnauthorized: unauthorized.watch, ...wireForms(wiring), invitation: invitation.logic },
    }),
    {
      input: { sidebarMode: storage.readChoice(SIDEBAR_STORAGE_KEY, SIDEBAR_MODES, 'wide') },
      inspect: journal.inspect,
    },
  )
  // creating the actors, the router and starting the session were one task of about 30 ms on a
  // desktop, a long task on a phone: each is a task of its own (issue 24). Nothing runs meanwhile:
  // the session starts, and the shell's `navigate` can run, only once the router is there
  await nextTask()
  const router = createAppRouter({ session, wiring })
  const writeAddress = createAddressWriter(router, pageScheduler(http.whenQuiet))
  followSession(session, router)
  followAddress(router, session)
  await nextTask()
  session.start()

  return {
    session,
    router,
    wiring,
    deps: { builtScreens: BUILT_SCREENS, journal },
  }
}

export function Providers({ runtime }: { runtime: AppRuntime }) {
  return (
    <SessionProvider actor={runtime.session}>
      <AppDepsProvider deps={runtime.deps}>
        <RouterProvider router={runtime.router} />
      </AppDepsProvider>
    </SessionProvider>
  )
}
