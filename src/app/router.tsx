import { createRootRouteWithContext, createRoute, createRouter, lazyRouteComponent, notFound, Outlet, redirect } from '@tanstack/react-router'
import * as z from 'zod/mini'
import { CABINET_LOADING_LABEL, CabinetLayout } from '../views/layout/cabinet-layout'
import { Loading } from '../views/ui/loading'
import { BRAND_VIEWS } from '../views/brands/brand-views'
import { takeSearchKeyword } from '../services/search'
import { createStorage } from '../services/storage'
import { parseCatalogueSearch } from '../machines/catalogue-search'
import { ordersSearchSchema } from '../machines/orders-search'
import { parsePurchasedSearch } from '../machines/purchased-goods-search'
import { ROUTE_MODULES } from './route-modules'
import { leaveLoginIfSignedIn, requireOpenSection, requireSignedIn, type RouterContext } from './routes/session-guards'
import { parseSearch, stringifySearch } from './search-params'
import { PageError } from '../views/layout/page-error'

/**
 * Menu keys (src/contract/menu.ts) of the screens this route tree has: the sidebar shows only
 * these. Add a key here when its screen's route is added below.
 */
export const BUILT_SCREENS: readonly string[] = [
  'cabinet',
  'profile',
  'brand',
  'cart',
  'drafts',
  'pricelist',
  'favorites',
  'needs',
  'purchased',
  'orders',
  'acts',
  'contragents',
  'addresses',
  'consignees',
  'managers',
  'chat',
  'exporter',
  'notifications',
  'complaints',
]

/** A same-site path ('/cabinet/...'), never '//host' or a full URL: no open redirect. */
const localPath = z.string().check(z.regex(/^\/(?![/\\])/))

const loginSearchSchema = z.object({ redirect: z.catch(z.optional(localPath), undefined) })
const pageSearchSchema = z.object({ page: z.catch(z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(1_000_000))), undefined) })

// the error pages are not in the first load: the router loads one's chunk when it has to show it
const NotFoundPage = lazyRouteComponent(ROUTE_MODULES.notFound, 'NotFoundPage')
const SectionErrorPage = lazyRouteComponent(ROUTE_MODULES.noAccess, 'SectionErrorPage')

function CabinetLoading() {
  return <Loading label={CABINET_LOADING_LABEL} fullPage />
}

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  notFoundComponent: NotFoundPage,
})

const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/cabinet/', replace: true })
  },
})

const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'login',
  validateSearch: (search) => loginSearchSchema.parse(search),
  beforeLoad: ({ context, search }) => leaveLoginIfSignedIn({ context, target: search.redirect, built: BUILT_SCREENS }),
  pendingComponent: CabinetLoading,
  component: lazyRouteComponent(ROUTE_MODULES.login, 'LoginRoute'),
})

/** /invitation/?token=: a new manager sets its password (issue 22); open to anyone holding the link. */
const invitationSearchSchema = z.object({ token: z.catch(z.string(), '') })

const invitationRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'invitation',
  validateSearch: (search) => invitationSearchSchema.parse(search),
  loaderDeps: ({ search }) => ({ token: search.token }),
  loader: async ({ context, deps }) => (await ROUTE_MODULES.invitation()).openInvitation(context, deps.token),
  onLeave: ({ context }) => context.session.send({ type: 'invitation.close' }),
  pendingComponent: CabinetLoading,
  component: lazyRouteComponent(ROUTE_MODULES.invitation, 'InvitationRoute'),
})

const registrationRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'registration/form',
  component: lazyRouteComponent(ROUTE_MODULES.registration, 'RegistrationRoute'),
})

/** Everything behind the sign-in: the session gate, then the sidebar and header frame. */
const cabinetLayoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'cabinet-layout',
  beforeLoad: requireSignedIn,
  pendingComponent: CabinetLoading,
  component: CabinetLayout,
})

/** /cabinet/...: an unknown address here is "not found" inside the frame. */
const cabinetRoute = createRoute({
  getParentRoute: () => cabinetLayoutRoute,
  path: 'cabinet',
  component: Outlet,
  notFoundComponent: NotFoundPage,
  // issue 11: a section closed by the account's disabledMenus shows the no-access page
  beforeLoad: requireOpenSection,
  errorComponent: SectionErrorPage,
})

/** /cabinet/: the catalogue; its whole filter lives in the search params (bad values fall back to the defaults). */
const catalogueRoute = createRoute({
  getParentRoute: () => cabinetRoute,
  path: '/',
  validateSearch: (search) => parseCatalogueSearch(search),
  component: lazyRouteComponent(ROUTE_MODULES.catalogue, 'CatalogueRoute'),
})

const profileRoute = createRoute({
  getParentRoute: () => cabinetRoute,
  path: 'profile',
  component: lazyRouteComponent(ROUTE_MODULES.profile, 'ProfileRoute'),
})

/** /cabinet/action12/?q=&...: keyword search results, the catalogue in keyword mode with the same search params (spec §2). */
const searchResultsRoute = createRoute({
  getParentRoute: () => cabinetRoute,
  path: 'action12',
  validateSearch: (search) => parseCatalogueSearch(search),
  // spec §2: a keyword typed elsewhere waits in localStorage; on arrival it is picked up and
  // cleared, and kept in ?q= instead, so reload and back still show the same results
  beforeLoad: ({ preload }) => {
    if (preload) return
    const keyword = takeSearchKeyword(createStorage())
    if (keyword) throw redirect({ to: '/cabinet/action12/', search: { q: keyword }, replace: true })
  },
  component: lazyRouteComponent(ROUTE_MODULES.catalogue, 'KeywordSearchRoute'),
})

/** /cabinet/brand/$id/?page=&view=: a brand's products; id 0 = all brands (spec §2). */
const brandIdSchema = z.int().check(z.gte(0), z.lte(2_147_483_647))
const brandSearchSchema = z.extend(pageSearchSchema, { view: z.catch(z.optional(z.enum(BRAND_VIEWS)), undefined) })

const brandRoute = createRoute({
  getParentRoute: () => cabinetRoute,
  path: 'brand/$id',
  params: { parse: ({ id }) => ({ id: Number(id) }), stringify: ({ id }) => ({ id: String(id) }) },
  validateSearch: (search) => brandSearchSchema.parse(search),
  beforeLoad: ({ params }) => {
    if (!brandIdSchema.safeParse(params.id).success) throw notFound()
  },
  component: lazyRouteComponent(ROUTE_MODULES.brand, 'BrandRoute'),
})

/** /cabinet/drafts/?page=: the saved baskets, 10 per page (spec §2, §9). */
const draftsRoute = createRoute({
  getParentRoute: () => cabinetRoute,
  path: 'drafts',
  validateSearch: (search) => pageSearchSchema.parse(search),
  component: lazyRouteComponent(ROUTE_MODULES.drafts, 'DraftsRoute'),
})

/** /cabinet/pricelist/: the dealer's own order file or pasted text, then a selection modal (spec §2). */
const pricelistRoute = createRoute({
  getParentRoute: () => cabinetRoute,
  path: 'pricelist',
  component: lazyRouteComponent(ROUTE_MODULES.pricelist, 'PricelistRoute'),
})

/** /cabinet/favorites/?page= and /cabinet/needs/?page=: the dealer's marked products, 20 per page (spec §2, §9). */
const favoritesRoute = createRoute({
  getParentRoute: () => cabinetRoute,
  path: 'favorites',
  validateSearch: (search) => pageSearchSchema.parse(search),
  component: lazyRouteComponent(ROUTE_MODULES.favorites, 'FavoritesRoute'),
})

const needsRoute = createRoute({
  getParentRoute: () => cabinetRoute,
  path: 'needs',
  validateSearch: (search) => pageSearchSchema.parse(search),
  component: lazyRouteComponent(ROUTE_MODULES.favorites, 'NeedsRoute'),
})

/** /cabinet/purchased/?report=&contract=&catalog=&startDate=&endDate=&page=: the purchased-goods reports (spec §2, §7). */
const purchasedRoute = createRoute({
  getParentRoute: () => cabinetRoute,
  path: 'purchased',
  validateSearch: (search) => parsePurchasedSearch(search),
  component: lazyRouteComponent(ROUTE_MODULES.purchased, 'PurchasedRoute'),
})

/** /cabinet/orders/?contract=&article=&dateselect=&start_date=&end_date=&search_doc=&paid=&state=&page=: the orders, 10 per page (spec §2, §3). */
const ordersRoute = createRoute({
  getParentRoute: () => cabinetRoute,
  path: 'orders',
  validateSearch: (search) => ordersSearchSchema.parse(search),
  component: lazyRouteComponent(ROUTE_MODULES.orders, 'OrdersRoute'),
})

/** /cabinet/acts/?page=: the reconciliation acts, 20 per page, refreshed every 10 s, and the request modal (spec §2, §9). */
const actsRoute = createRoute({
  getParentRoute: () => cabinetRoute,
  path: 'acts',
  validateSearch: (search) => pageSearchSchema.parse(search),
  component: lazyRouteComponent(ROUTE_MODULES.acts, 'ActsRoute'),
})

/** /cabinet/contragents/: the company's counterparties, the add modal, activate, deactivate and delete (spec §2, §7). */
const contragentsRoute = createRoute({
  getParentRoute: () => cabinetRoute,
  path: 'contragents',
  component: lazyRouteComponent(ROUTE_MODULES.contragents, 'ContragentsRoute'),
})

/** /cabinet/addresses/?page=: the delivery addresses, with the add/edit modal and its suggestions (spec §2). */
const addressesRoute = createRoute({
  getParentRoute: () => cabinetRoute,
  path: 'addresses',
  validateSearch: (search) => pageSearchSchema.parse(search),
  component: lazyRouteComponent(ROUTE_MODULES.addresses, 'AddressesRoute'),
})

/** /cabinet/consignees/: the company's consignees with the add/edit modal and its image upload (spec §2). */
const consigneesRoute = createRoute({
  getParentRoute: () => cabinetRoute,
  path: 'consignees',
  component: lazyRouteComponent(ROUTE_MODULES.consignees, 'ConsigneesRoute'),
})

/** /cabinet/managers/: the company's managers, main account only (issue 22). */
const managersRoute = createRoute({
  getParentRoute: () => cabinetRoute,
  path: 'managers',
  component: lazyRouteComponent(ROUTE_MODULES.managers, 'ManagersRoute'),
})

/** /cabinet/chat/: the chat with the supplier manager, refreshed every 5 s (spec §2, §9, issue 23). */
const chatRoute = createRoute({
  getParentRoute: () => cabinetRoute,
  path: 'chat',
  component: lazyRouteComponent(ROUTE_MODULES.chat, 'ChatRoute'),
})

/** /cabinet/exporter/: the brand selection and the price-list export, polled every 3 s (spec §2, §9; issue 23). */
const exporterRoute = createRoute({
  getParentRoute: () => cabinetRoute,
  path: 'exporter',
  component: lazyRouteComponent(ROUTE_MODULES.exporter),
})

/** /cabinet/notifications/: the legacy notifications list with its read state (spec §2, §7; issue 23). */
const notificationsRoute = createRoute({
  getParentRoute: () => cabinetRoute,
  path: 'notifications',
  component: lazyRouteComponent(ROUTE_MODULES.notifications),
})

/** /cabinet/complaints/: the complaint table with product autocomplete (spec §2, §3, §5; issue 23). */
const complaintRoute = createRoute({
  getParentRoute: () => cabinetRoute,
  path: 'complaints',
  component: lazyRouteComponent(ROUTE_MODULES.complaint),
})

/** /cabinet/complaints/list/?page=: the legacy complaints list, 10 per page, with each complaint's state. */
const complaintsRoute = createRoute({
  getParentRoute: () => cabinetRoute,
  path: 'complaints/list',
  validateSearch: (search) => pageSearchSchema.parse(search),
  component: lazyRouteComponent(ROUTE_MODULES.complaints),
})

/** /cart/ (also /cart): the basket (spec §2). */
const cartRoute = createRoute({
  getParentRoute: () => cabinetLayoutRoute,
  path: 'cart',
  component: lazyRouteComponent(ROUTE_MODULES.cart, 'CartRoute'),
  beforeLoad: requireOpenSection,
  errorComponent: SectionErrorPage,
})

const routeTree = rootRoute.addChildren([
  indexRoute,
  loginRoute,
  registrationRoute,
  invitationRoute,
  cabinetLayoutRoute.addChildren([
    cabinetRoute.addChildren([
      catalogueRoute,
      profileRoute,
      searchResultsRoute,
      brandRoute,
      draftsRoute,
      pricelistRoute,
      favoritesRoute,
      needsRoute,
      purchasedRoute,
      ordersRoute,
      actsRoute,
      contragentsRoute,
      addressesRoute,
      consigneesRoute,
      managersRoute,
      chatRoute,
      exporterRoute,
      notificationsRoute,
      complaintRoute,
      complaintsRoute,
    ]),
    cartRoute,
  ]),
])

/** Canonical addresses end with '/' (links are built so); '/cabinet/profile' and the like match too (main.tsx adds the '/'). */
export function createAppRouter(context: RouterContext) {
  return createRouter({
    routeTree,
    context,
    trailingSlash: 'always',
    // plain values in the address (?paid=1), not JSON-quoted ones; quoted old links still read
    parseSearch,
    stringifySearch,
    defaultPreload: 'intent',
    defaultPendingMs: 0,
    defaultPendingMinMs: 0,
    scrollRestoration: true,
    defaultErrorComponent: PageError,
  })
}

export type AppRouter = ReturnType<typeof createAppRouter>

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter
  }
}
