import { createRootRouteWithContext, createRoute, createRouter, lazyRouteComponent, Outlet, redirect } from '@tanstack/react-router'
import { z } from 'zod'
import { CABINET_LOADING_LABEL, CabinetLayout } from '../views/layout/cabinet-layout'
import { NotFoundPage } from '../views/layout/not-found-page'
import { Loading } from '../views/ui/loading'
import { CatalogueRoute } from './routes/catalogue-route'
import { leaveLoginIfSignedIn, requireSignedIn, type RouterContext } from './routes/session-guards'

/**
 * Menu keys (src/contract/menu.ts) of the screens this route tree has: the sidebar shows only
 * these. Add a key here when its screen's route is added below.
 */
export const BUILT_SCREENS: readonly string[] = ['cabinet', 'profile']

/** A same-site path ('/cabinet/...'), never '//host' or a full URL: no open redirect. */
const localPath = z.string().regex(/^\/(?![/\\])/)

const loginSearchSchema = z.object({ redirect: localPath.optional().catch(undefined) })
const pageSearchSchema = z.object({ page: z.coerce.number().int().min(1).max(1_000_000).optional().catch(undefined) })

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
  beforeLoad: ({ context, search }) => leaveLoginIfSignedIn({ context, target: search.redirect }),
  pendingComponent: CabinetLoading,
  component: lazyRouteComponent(() => import('../views/login/login-page'), 'LoginPage'),
})

const registrationRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'registration/form',
  component: lazyRouteComponent(() => import('./routes/registration-route'), 'RegistrationRoute'),
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
})

const catalogueRoute = createRoute({
  getParentRoute: () => cabinetRoute,
  path: '/',
  validateSearch: (search) => pageSearchSchema.parse(search),
  component: CatalogueRoute,
})

const profileRoute = createRoute({
  getParentRoute: () => cabinetRoute,
  path: 'profile',
  component: lazyRouteComponent(() => import('../views/profile/profile-page'), 'ProfilePage'),
})

const routeTree = rootRoute.addChildren([
  indexRoute,
  loginRoute,
  registrationRoute,
  cabinetLayoutRoute.addChildren([cabinetRoute.addChildren([catalogueRoute, profileRoute])]),
])

/** Canonical addresses end with '/' (links are built so); '/cabinet/profile' and the like match too (main.tsx adds the '/'). */
export function createAppRouter(context: RouterContext) {
  return createRouter({
    routeTree,
    context,
    trailingSlash: 'always',
    defaultPreload: 'intent',
    defaultPendingMs: 0,
    defaultPendingMinMs: 0,
    scrollRestoration: true,
  })
}

export type AppRouter = ReturnType<typeof createAppRouter>

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter
  }
}
