import { createContext, useContext, type ComponentType, type ReactNode } from 'react'
import { RouteDepsProvider, type RouteDeps } from '../../views/app-deps'
import type { AppWiring } from '../wiring/app-wiring'

const AppWiringContext = createContext<AppWiring | null>(null)

export function AppWiringProvider({ wiring, children }: { wiring: AppWiring; children: ReactNode }) {
  return <AppWiringContext.Provider value={wiring}>{children}</AppWiringContext.Provider>
}

type Wire<D extends Partial<RouteDeps>> = (app: AppWiring) => D

// one set of provided machines per runtime and screen, however often the route is shown
const wired = new WeakMap<AppWiring, Map<Wire<Partial<RouteDeps>>, Partial<RouteDeps>>>()

function wiredDeps<D extends Partial<RouteDeps>>(app: AppWiring, wire: Wire<D>): D {
  let screens = wired.get(app)
  if (!screens) wired.set(app, (screens = new Map()))
  let deps = screens.get(wire) as D | undefined
  if (!deps) screens.set(wire, (deps = wire(app)))
  return deps
}

/**
 * The component of a lazily loaded screen route: joins the screen's services to its machines
 * (`wire`, in the route's own module, so none of it is in the first load) and gives them to the page.
 * A route module declares its export as `ComponentType`: the router's type is inferred from these
 * modules and `wire` reads the router's type, so an inferred export would be a circular type.
 */
export function wiredRoute<D extends Partial<RouteDeps>>(wire: Wire<D>, Page: ComponentType): ComponentType {
  return function WiredRoute() {
    const app = useContext(AppWiringContext)
    if (!app) throw new Error('a wired route needs an AppWiringProvider above it')
    return (
      <RouteDepsProvider deps={wiredDeps(app, wire)}>
        <Page />
      </RouteDepsProvider>
    )
  }
}
