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
import type { catalogueFilterMachine } from '../machines/catalogue-filter.machine'
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
 * screen's machine with `useScreenActor(useAppDeps().machines.profile, { input })`. Tests render the
 * same views with machines provided with fakes.
 *
 * App-lifetime actors (the sidebar's width) are started once by the app and shared as refs.
 */
export interface AppDeps {
  machines: {
    profile: typeof profileMachine
    catalogueFilter: typeof catalogueFilterMachine
    registration: typeof registrationMachine
    reminder: typeof reminderMachine
    searchAutocomplete: typeof searchAutocompleteMachine
    productCardHost: typeof productCardHostMachine
    brandProducts: typeof brandProductsMachine
    addToBasket: typeof addToBasketMachine
    checkout: typeof checkoutMachine
    pricelist: typeof pricelistMachine
    draftSave: typeof draftSaveMachine
    drafts: typeof draftsMachine
    favoritesNeeds: typeof favoritesNeedsMachine
    purchasedGoods: typeof purchasedGoodsMachine
    warehouseMap: typeof warehouseMapMachine
    acts: typeof actsMachine
    orders: typeof ordersMachine
    orderDetail: typeof orderDetailMachine
  }
  sidebar: SidebarActor
  /** menu keys of the screens the route tree has (the sidebar shows only these) */
  builtScreens: readonly string[]
  /** what this tab kept of the registration form before a reload */
  readRegistrationDraft: () => RegistrationDraft
  /** the journal of every machine's events (architecture §4), for QA and bug reports */
  journal: {
    inspect: (inspection: InspectionEvent) => void
    size: () => number
    exportJson: () => string
  }
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
