import { useActorRef } from '@xstate/react'
import { createContext, useContext, type ReactNode } from 'react'
import type { Actor, ActorOptions, AnyActorLogic, InspectionEvent, IsNotNever, RequiredActorOptionsKeys } from 'xstate'
import type { actsMachine } from '../machines/acts.machine'
import type { addToBasketMachine } from '../machines/add-to-basket.machine'
import type { brandProductsMachine } from '../machines/brand-products.machine'
import type { checkoutMachine } from '../machines/checkout.machine'
import type { pricelistMachine } from '../machines/pricelist.machine'
import type { draftSaveMachine } from '../machines/draft-save.machine'
import type { draftsMachine } from '../machines/drafts.machine'
import type { orderDetailMachine } from '../machines/order-detail.machine'
import type { ordersMachine } from '../machines/orders.machine'
import type { favoritesNeedsMachine } from '../machines/favorites-needs.machine'
import type { purchasedGoodsMachine } from '../machines/purchased-goods.machine'
import type { warehouseMapMachine } from '../machines/warehouse-map.machine'
import type { searchAutocompleteMachine } from '../machines/search-autocomplete.machine'
import type { productCardHostMachine } from '../machines/product-card-host.machine'
import type { profileMachine } from '../machines/profile.machine'
import type { RegistrationDraft } from '../contract/registration'
import type { registrationMachine } from '../machines/registration.machine'
import type { reminderMachine } from '../machines/reminder.machine'
import type { SidebarActor } from '../machines/sidebar.machine'

/**
 * What the views need from the app layer, without importing services (architecture §2: a view
 * never imports a service). src/app builds every machine with its real actors already provided
 * (`machine.provide({ actors: createXActors({ http }) })`) and puts it here; a view starts its
 * screen's machine with `useScreenActor(useRouteDep('profile'), { input })`. Tests render the
 * same views with machines provided with fakes.
 *
 * AppDeps is what the catalogue and the frame around every screen need, built at start-up;
 * RouteDeps is what the other screens need, built by each screen's lazily loaded route module
 * (src/app/routes), so those machines, services and schemas stay out of the first load.
 * App-lifetime actors (the sidebar's width) are started once by the app and shared as refs.
 */
export interface AppDeps {
  machines: {
    /** the header search's machine, loaded apart from the first load (the same promise every call) */
    searchAutocomplete: () => Promise<typeof searchAutocompleteMachine>
    productCardHost: typeof productCardHostMachine
    addToBasket: typeof addToBasketMachine
  }
  sidebar: SidebarActor
  /** menu keys of the screens the route tree has (the sidebar shows only these) */
  builtScreens: readonly string[]
  /** the journal of every machine's events (architecture §4), for QA and bug reports */
  journal: {
    inspect: (inspection: InspectionEvent) => void
    /** reading waits for the part of the journal that is not in the first load */
    size: () => Promise<number>
    exportJson: () => Promise<string>
  }
}

/** What a screen's route module gives its page: each route provides the part its screen uses. */
export interface RouteDeps {
  registration: typeof registrationMachine
  reminder: typeof reminderMachine
  checkout: typeof checkoutMachine
  draftSave: typeof draftSaveMachine
  warehouseMap: typeof warehouseMapMachine
  orderDetail: typeof orderDetailMachine
  /** what this tab kept of the registration form before a reload */
  readRegistrationDraft: () => RegistrationDraft
}

const AppDepsContext = createContext<AppDeps | null>(null)

export function AppDepsProvider({ deps, children }: { deps: AppDeps; children: ReactNode }) {
  return <AppDepsContext.Provider value={deps}>{children}</AppDepsContext.Provider>
}

export function useAppDeps(): AppDeps {
  const deps = useContext(AppDepsContext)
  if (!deps) throw new Error('useAppDeps needs an AppDepsProvider above it')
  return deps
}

const RouteDepsContext = createContext<Partial<RouteDeps>>({})

export function RouteDepsProvider({ deps, children }: { deps: Partial<RouteDeps>; children: ReactNode }) {
  return <RouteDepsContext.Provider value={deps}>{children}</RouteDepsContext.Provider>
}

/** One of the current route's deps; a route that does not provide it is a wiring mistake. */
export function useRouteDep<K extends keyof RouteDeps>(name: K): RouteDeps[K] {
  const dep = useContext(RouteDepsContext)[name]
  if (!dep) throw new Error(`the route of this screen provides no ${name} (src/app/routes)`)
  return dep
}

/** Starts a screen's machine for as long as the view is shown, its events going into the journal. */
export function useScreenActor<TLogic extends AnyActorLogic>(
  logic: TLogic,
  // as useActorRef's own signature: the options are required when the machine needs an input
  ...[options]: IsNotNever<RequiredActorOptionsKeys<TLogic>> extends true
    ? [options: ActorOptions<TLogic> & { [K in RequiredActorOptionsKeys<TLogic>]: unknown }]
    : [options?: ActorOptions<TLogic>]
): Actor<TLogic> {
  const { journal } = useAppDeps()
  // useActorRef's conditional rest tuple cannot be satisfied for a generic TLogic; the call sites are checked above
  return useActorRef(logic, { ...options, inspect: journal.inspect } as never)
}
