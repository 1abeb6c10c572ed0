import { fromPromise, type AnyActorLogic } from 'xstate'
import { screenHostMachine } from '../../machines/screen-host.machine'
import type { ScreenLogics, ScreenName } from '../../machines/screens'
import type { AppWiring } from './app-wiring'
import { ROUTE_MODULES } from '../route-modules'
import { deferredLogic, type DeferredLogic } from './deferred-logic'

type Deferred = { [N in ScreenName]: DeferredLogic<ScreenLogics[N]> }

/**
 * The screen host with every screen's machine: each screen's comes from its route module, loaded
 * with the route (the host waits for it in its `loadingCode` state, so a screen never starts before
 * its code is there). The catalogue's too: its page preloads the route's chunk, and the screens the
 * dealer opens first need not load its machine (issue 24).
 */
export function wireScreenHost(wiring: AppWiring) {
  const deferred: Deferred = {
    catalogueFilter: deferredLogic(() => ROUTE_MODULES.catalogue().then((route) => route.wireCatalogue(wiring))),
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
    await (deferred[name] as DeferredLogic<AnyActorLogic>).load()
  }
  return screenHostMachine.provide({
    actors: { ...logics, loadScreenCode: fromPromise<void, { name: ScreenName }>(({ input }) => load(input.name)) },
  })
}
