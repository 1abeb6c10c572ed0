import { fromPromise, type AnyActorLogic } from 'xstate'
import type { catalogueFilterMachine } from '../../machines/catalogue-filter.machine'
import { screenHostMachine } from '../../machines/screen-host.machine'
import type { ScreenLogics, ScreenName } from '../../machines/screens'
import type { AppWiring } from './app-wiring'
import { ROUTE_MODULES } from '../route-modules'
import { deferredLogic, type DeferredLogic } from './deferred-logic'

type Deferred = { [N in Exclude<ScreenName, 'catalogueFilter'>]: DeferredLogic<ScreenLogics[N]> }

/**
 * The screen host with every screen's machine: the catalogue's is in the first load; each other
 * screen's comes from its route module, loaded with the route (the host waits for it in its
 * `loadingCode` state, so a screen never starts before its code is there).
 */
export function wireScreenHost(wiring: AppWiring, catalogueFilter: typeof catalogueFilterMachine) {
  const deferred: Deferred = {
    brandProducts: deferredLogic(() => ROUTE_MODULES.brand().then((route) => route.wireBrand(wiring))),
    favoritesNeeds: deferredLogic(() => ROUTE_MODULES.favorites().then((route) => route.wireFavorites(wiring))),
    pricelist: deferredLogic(() => ROUTE_MODULES.pricelist().then((route) => route.wirePricelist(wiring))),
    orders: deferredLogic(() => ROUTE_MODULES.orders().then((route) => route.wireOrders(wiring))),
    drafts: deferredLogic(() => ROUTE_MODULES.drafts().then((route) => route.wireDrafts(wiring))),
    acts: deferredLogic(() => ROUTE_MODULES.acts().then((route) => route.wireActs(wiring))),
    contragents: deferredLogic(() => ROUTE_MODULES.contragents().then((route) => route.wireContragents(wiring))),
    purchasedGoods: deferredLogic(() => ROUTE_MODULES.purchased().then((route) => route.wirePurchased(wiring))),
    profile: deferredLogic(() => ROUTE_MODULES.profile().then((route) => route.wireProfile(wiring))),
    addresses: deferredLogic(() => ROUTE_MODULES.addresses().then((route) => route.wireAddresses(wiring))),
    consignees: deferredLogic(() => ROUTE_MODULES.consignees().then((route) => route.wireConsignees(wiring))),
    managers: deferredLogic(() => ROUTE_MODULES.managers().then((route) => route.wireManagers(wiring))),
    chat: deferredLogic(() => ROUTE_MODULES.chat().then((route) => route.wireChat(wiring))),
    exporter: deferredLogic(() => ROUTE_MODULES.exporter().then((route) => route.wireExporter(wiring))),
    notifications: deferredLogic(() => ROUTE_MODULES.notifications().then((route) => route.wireNotifications(wiring))),
    complaint: deferredLogic(() => ROUTE_MODULES.complaint().then((route) => route.wireComplaint(wiring))),
    complaints: deferredLogic(() => ROUTE_MODULES.complaints().then((route) => route.wireComplaints(wiring))),
  }
  const logics = Object.fromEntries(Object.entries(deferred).map(([name, each]) => [name, each.logic])) as {
    [N in keyof Deferred]: Deferred[N]['logic']
  }
  const load = async (name: ScreenName) => {
    if (name !== 'catalogueFilter') await (deferred[name] as DeferredLogic<AnyActorLogic>).load()
  }
  return screenHostMachine.provide({
    actors: { ...logics, catalogueFilter, loadScreenCode: fromPromise<void, { name: ScreenName }>(({ input }) => load(input.name)) },
  })
}
