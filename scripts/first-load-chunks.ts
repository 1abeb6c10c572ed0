import { fileURLToPath } from 'node:url'
import type { Rolldown } from 'vite'

type ChunkingContext = Rolldown.ChunkingContext

const ENTRY = fileURLToPath(new URL('../src/app/main.tsx', import.meta.url))
const FIRST_ROUTE = fileURLToPath(new URL('../src/app/routes/catalogue-route.tsx', import.meta.url))
/**
 * the first route's module: it stays in a chunk of its own, the one its lazy import loads (the
 * route pages and the size check find the route by it); the catalogue's screen goes into `catalogue`
 */
const FIRST_ROUTE_OWN = /[\\/]src[\\/]app[\\/]routes[\\/]catalogue-route\.tsx$/
/** Vite's helper that preloads a lazy chunk's imports: in `app`, not a chunk of its own (one file and import list less) */
const PRELOAD_HELPER = /^\0vite\/preload-helper/
/** the product widgets (the add-to-basket view, the quantity stepper, the product table): a screen importing one lists products */
const PRODUCT_VIEWS = /[\\/]src[\\/]views[\\/]product[\\/]/
/** a screen's route module */
const ROUTE_MODULE = /[\\/]src[\\/]app[\\/]routes[\\/][\w-]+-route\.tsx$/
const isOurs = (id: string) => !/[\\/]node_modules[\\/]/.test(id) && !id.startsWith('\0')
/**
 * a module that at least this many screens' routes import goes into `app`: in a chunk of its own,
 * each of those screens would load one file more, whose import and export lists cost more than
 * the module's few bytes cost the screens that do not use it
 */
const WIDELY_SHARED_ROUTES = 7

function staticClosure(context: ChunkingContext, start: string, into = new Set<string>()): Set<string> {
  const pending = [start]
  while (pending.length > 0) {
    const id = pending.pop()!
    if (into.has(id)) continue
    into.add(id)
    pending.push(...(context.getModuleInfo(id)?.importedIds ?? []))
  }
  return into
}

/** Every lazily imported module but the first route's: the other screens, dialogs and the frame's deferred pieces. */
function otherLazyModules(context: ChunkingContext): string[] {
  const seen = new Set<string>()
  const lazy = new Set<string>()
  const pending = [ENTRY]
  while (pending.length > 0) {
    const id = pending.pop()!
    if (seen.has(id)) continue
    seen.add(id)
    const info = context.getModuleInfo(id)
    pending.push(...(info?.importedIds ?? []), ...(info?.dynamicallyImportedIds ?? []))
    for (const imported of info?.dynamicallyImportedIds ?? []) if (imported !== FIRST_ROUTE) lazy.add(imported)
  }
  return [...lazy]
}

/**
 * Our code of the first load in three chunks instead of a dozen. `app`: what every start runs (the
 * entry's static imports) and the catalogue's modules that screens showing no products import too
 * (the page heading, pagination, the filter disclosure), and what most screens import (the empty
 * state, the view-model hook). `product-list`: the catalogue's product
 * widgets that the other screens listing products import too (the add-to-basket view, the quantity
 * stepper, the brand link); the brand's, the favourites' and the basket's pages load it, the orders,
 * acts, drafts and the rest do not (with them in `app` every screen loaded their 2 KB gzipped).
 * `catalogue`: the catalogue's screen and machine, which no other screen imports; its page
 * preloads it with the route's module. Left to itself the bundler gives each set of sharing screens
 * a chunk of its own, and every extra chunk costs its import and export lists (the catalogue's
 * first load grew by 3.6 KB gzipped so). With the catalogue's screen in `app`, every other screen
 * loaded its 6 KB too (issue 24).
 */
export function firstLoadGroups(): Rolldown.CodeSplittingGroup[] {
  let groups: { app: Set<string>; productList: Set<string>; firstRoute: Set<string> } | null = null
  const assign = (context: ChunkingContext) => {
    const fromEntry = staticClosure(context, ENTRY)
    const fromOthers = new Set<string>()
    // what the screens that show no product widgets import: the shared modules that stay in `app`
    const fromPlainRoutes = new Set<string>()
    const routesImporting = new Map<string, number>()
    for (const lazy of otherLazyModules(context)) {
      const closure = staticClosure(context, lazy)
      for (const id of closure) fromOthers.add(id)
      if (ROUTE_MODULE.test(lazy)) for (const id of closure) routesImporting.set(id, (routesImporting.get(id) ?? 0) + 1)
      if (ROUTE_MODULE.test(lazy) && ![...closure].some((id) => PRODUCT_VIEWS.test(id))) for (const id of closure) fromPlainRoutes.add(id)
    }
    const firstRoute = [...staticClosure(context, FIRST_ROUTE)].filter((id) => isOurs(id) && !fromEntry.has(id))
    const entryOwn = [...fromEntry].filter((id) => (isOurs(id) || PRELOAD_HELPER.test(id)) && id !== ENTRY)
    const shared = firstRoute.filter((id) => fromOthers.has(id))
    const widelyShared = [...routesImporting].filter(([id, routes]) => routes >= WIDELY_SHARED_ROUTES && isOurs(id) && !fromEntry.has(id)).map(([id]) => id)
    return {
      app: new Set([...entryOwn, ...shared.filter((id) => fromPlainRoutes.has(id)), ...widelyShared]),
      productList: new Set(shared.filter((id) => !fromPlainRoutes.has(id))),
      firstRoute: new Set(firstRoute.filter((id) => !fromOthers.has(id) && !FIRST_ROUTE_OWN.test(id))),
    }
  }
  return [
    {
      debugName: 'first-load',
      name: (id, context) => ((groups ??= assign(context)).app.has(id) ? 'app' : null),
      // a captured module's imports stay where they are
      includeDependenciesRecursively: false,
    },
    {
      debugName: 'product-list',
      name: (id, context) => ((groups ??= assign(context)).productList.has(id) ? 'product-list' : null),
      includeDependenciesRecursively: false,
    },
    {
      debugName: 'first-route',
      name: (id, context) => ((groups ??= assign(context)).firstRoute.has(id) ? 'catalogue' : null),
      includeDependenciesRecursively: false,
    },
  ]
}
