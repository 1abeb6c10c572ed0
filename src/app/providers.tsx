import { RouterProvider } from '@tanstack/react-router'
import { createActor } from 'xstate'
import { actRequestMachine } from '../machines/act-request.machine'
import { actsMachine } from '../machines/acts.machine'
import { addToBasketMachine } from '../machines/add-to-basket.machine'
import { basketMachine } from '../machines/basket.machine'
import { brandProductsMachine } from '../machines/brand-products.machine'
import { checkoutMachine } from '../machines/checkout.machine'
import { pricelistMachine } from '../machines/pricelist.machine'
import { draftSaveMachine } from '../machines/draft-save.machine'
import { draftsMachine } from '../machines/drafts.machine'
import { orderCancelMachine } from '../machines/order-cancel.machine'
import { orderDetailMachine } from '../machines/order-detail.machine'
import { orderRepeatMachine } from '../machines/order-repeat.machine'
import { searchOfFilter } from '../machines/orders-filter'
import { ordersMachine } from '../machines/orders.machine'
import { favoritesNeedsMachine } from '../machines/favorites-needs.machine'
import { purchasedGoodsMachine } from '../machines/purchased-goods.machine'
import { filtersSearch } from '../machines/purchased-goods-rules'
import { warehouseMapMachine } from '../machines/warehouse-map.machine'
import { catalogueFilterMachine } from '../machines/catalogue-filter.machine'
import { DEFAULT_QUERY } from '../machines/catalogue-query'
import { productCardMachine } from '../machines/product-card.machine'
import { productCardHostMachine } from '../machines/product-card-host.machine'
import { profileMachine } from '../machines/profile.machine'
import { registrationMachine } from '../machines/registration.machine'
import { reminderMachine } from '../machines/reminder.machine'
import { searchAutocompleteMachine } from '../machines/search-autocomplete.machine'
import { sessionMachine, type SessionActor } from '../machines/session.machine'
import { shellMachine } from '../machines/shell.machine'
import { SIDEBAR_MODES, sidebarMachine } from '../machines/sidebar.machine'
import { createShellActors, createProfileActors } from '../services/account'
import { createActRequestActors, createActsActors } from '../services/acts'
import { createSessionActors } from '../services/auth'
import { createBasketActors, createBasketPageActors, createCheckoutActors, createUnsavedStore, createWarehouseMapActors } from '../services/basket'
import { createBasketTabs } from '../services/basket-tabs'
import { createDraftSaveActors, createDraftsActors } from '../services/drafts'
import { createOrderCancelActors, createOrderDetailActors, createOrderRepeatActors, createOrdersActors } from '../services/orders'
import { createFavoritesNeedsActors } from '../services/favorites'
import { createPurchasedGoodsActors } from '../services/purchased-goods'
import { createBrandProductsActors } from '../services/brands'
import { createCatalogueFilterActors } from '../services/catalogue'
import { createHttp } from '../services/http'
import { createPricelistActors } from '../services/pricelist'
import { createJournal } from '../services/journal'
import { createProductActors } from '../services/product'
import { createRegistrationActors, createReminderActors } from '../services/registration'
import { createSearchAutocompleteActors, rememberSearchKeyword } from '../services/search'
import { forgetRegistrationDraft, readRegistrationDraft, saveRegistrationDraft } from '../services/registration-draft'
import { createStorage, createTabStorage, SIDEBAR_STORAGE_KEY, WAREHOUSE_STORAGE_KEY } from '../services/storage'
import { AppDepsProvider, type AppDeps } from '../views/app-deps'
import { SessionProvider } from '../views/session/session-context'
import { BUILT_SCREENS, createAppRouter, type AppRouter } from './router'
import { followSession } from './routes/session-guards'

export interface AppRuntime {
  session: SessionActor
  deps: AppDeps
  router: AppRouter
}

/**
 * The composition root, run once at start-up. It is the only place that joins services to
 * machines: one http client, the session actor (signed in / out for the whole app), the
 * sidebar actor (its width remembered in localStorage), every screen's machine with its real
 * actors provided, and the router (its guards read the session; a session change re-runs them).
 * Views get these through SessionProvider and AppDepsProvider and never import a service; a
 * screen starts its own machine from `deps.machines` while it is shown.
 */
export function createAppRuntime(): AppRuntime {
  // a 401 from any call means the server session is gone: the session machine signs out
  const http = createHttp({ onUnauthorized: () => session.send({ type: 'session.expired' }) })
  const journal = createJournal()
  const storage = createStorage()
  const tabStorage = createTabStorage()
  // the session is the root of the app's actor system: while signed in it runs the shell
  // ('shell'), which runs the basket of the selected contract ('basket')
  const tabs = createBasketTabs()
  const unsaved = createUnsavedStore(tabStorage)
  const basket = basketMachine.provide({
    actors: createBasketPageActors({ http, unsaved, tabs }),
    actions: {
      notifyOtherTabs: (_, { contract }) => tabs.announce(contract),
      persistUnsaved: (_, { contract, unsaved: fields }) => unsaved.write(contract, fields),
    },
  })
  const shell = shellMachine.provide({
    actors: { ...createShellActors({ http, storage }), basket },
    actions: { persistWarehouse: (_, { id }) => storage.write(WAREHOUSE_STORAGE_KEY, String(id)) },
  })
  const session = createActor(sessionMachine.provide({ actors: { ...createSessionActors({ http }), shell } }), {
    inspect: journal.inspect,
  }).start()

  const sidebar = createActor(
    sidebarMachine.provide({ actions: { storeMode: (_, { mode }) => storage.write(SIDEBAR_STORAGE_KEY, mode) } }),
    { input: { mode: storage.readChoice(SIDEBAR_STORAGE_KEY, SIDEBAR_MODES, 'wide') }, inspect: journal.inspect },
  ).start()

  const router = createAppRouter({ session })
  followSession(session, router)

  // the product card runs as the child of the workflow that opens it (the catalogue, the header search)
  const productCard = productCardMachine.provide({ actors: createProductActors({ http }) })

  return {
    session,
    router,
    deps: {
      machines: {
        profile: profileMachine.provide({ actors: createProfileActors({ http }) }),
        catalogueFilter: catalogueFilterMachine.provide({
          actors: { ...createCatalogueFilterActors({ http }), productCard },
          actions: {
            notifyAddress: (_, { search }) => {
              // the warehouse picked in the filter panel becomes the dealer's choice everywhere;
              // the shell first, so the address without ?warehouse= reads the same warehouse back
              session.system.get('shell')?.send({ type: 'warehouse.select', id: search.warehouse ?? DEFAULT_QUERY.warehouse })
              // a keyword keeps the catalogue on the search results' address (spec §2)
              void router.navigate({ to: search.q ? '/cabinet/action12/' : '/cabinet/', search })
            },
          },
        }),
        registration: registrationMachine.provide({
          actors: createRegistrationActors({ http }),
          actions: {
            persistDraft: (_, { draft }) => saveRegistrationDraft(tabStorage, draft),
            forgetDraft: () => forgetRegistrationDraft(tabStorage),
          },
        }),
        reminder: reminderMachine.provide({ actors: createReminderActors({ http }) }),
        searchAutocomplete: searchAutocompleteMachine.provide({
          actors: { ...createSearchAutocompleteActors({ http }), productCard },
          actions: {
            storeSubmittedKeyword: (_, { keyword }) => rememberSearchKeyword(storage, keyword),
            notifySubmitted: () => void router.navigate({ to: '/cabinet/action12/' }),
          },
        }),
        productCardHost: productCardHostMachine.provide({ actors: { productCard } }),
        brandProducts: brandProductsMachine.provide({ actors: createBrandProductsActors({ http }) }),
        addToBasket: addToBasketMachine.provide({
          actors: createBasketActors({ http }),
          actions: { notifyBasketChanged: (_, { basket }) => session.system.get('shell')?.send({ type: 'basket.changed', basket }) },
        }),
        checkout: checkoutMachine.provide({
          actors: createCheckoutActors({ http }),
          actions: { notifyBasketChanged: () => session.system.get('basket')?.send({ type: 'basket.stale' }) },
        }),
        draftSave: draftSaveMachine.provide({ actors: createDraftSaveActors({ http }) }),
        drafts: draftsMachine.provide({
          actors: createDraftsActors({ http }),
          actions: {
            // a repeat fills the basket of the draft's contract: the shell ignores another contract's
            notifyBasketChanged: (_, { basket, contract }) => session.system.get('shell')?.send({ type: 'basket.changed', basket, contract }),
            notifyAddress: (_, { page }) => void router.navigate({ to: '/cabinet/drafts/', search: { page }, replace: true }),
          },
        }),
        favoritesNeeds: favoritesNeedsMachine.provide({
          actors: { ...createFavoritesNeedsActors({ http }), productCard },
          actions: {
            notifyAddress: (_, { list, page }) => void router.navigate({ to: `/cabinet/${list}/`, search: { page }, replace: true }),
          },
        }),
        warehouseMap: warehouseMapMachine.provide({ actors: createWarehouseMapActors({ http }) }),
        acts: actsMachine.provide({
          actors: { ...createActsActors({ http }), actRequest: actRequestMachine.provide({ actors: createActRequestActors({ http }) }) },
          actions: { notifyAddress: (_, { page }) => void router.navigate({ to: '/cabinet/acts/', search: { page }, replace: true }) },
        }),
        orders: ordersMachine.provide({
          actors: {
            ...createOrdersActors({ http }),
            orderCancel: orderCancelMachine.provide({ actors: createOrderCancelActors({ http }) }),
            orderRepeat: orderRepeatMachine.provide({
              actors: createOrderRepeatActors({ http }),
              // the order's contract's basket: the shell ignores it unless that contract is selected
              actions: { notifyBasketChanged: (_, { basket, contract }) => session.system.get('shell')?.send({ type: 'basket.changed', basket, contract }) },
            }),
          },
          actions: { notifyAddress: (_, { filter }) => void router.navigate({ to: '/cabinet/orders/', search: searchOfFilter(filter) }) },
        }),
        orderDetail: orderDetailMachine.provide({ actors: createOrderDetailActors({ http }) }),
        purchasedGoods: purchasedGoodsMachine.provide({
          actors: createPurchasedGoodsActors({ http }),
          actions: { notifyAddress: (_, { filters }) => void router.navigate({ to: '/cabinet/purchased/', search: filtersSearch(filters) }) },
        }),
        pricelist: pricelistMachine.provide({
          actors: createPricelistActors({ http }),
          actions: {
            notifyBasketChanged: (_, { basket }) => session.system.get('shell')?.send({ type: 'basket.changed', basket }),
            notifyCartOpened: () => void router.navigate({ to: '/cart/' }),
          },
        }),
      },
      sidebar,
      builtScreens: BUILT_SCREENS,
      journal,
      readRegistrationDraft: () => readRegistrationDraft(tabStorage),
    },
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
