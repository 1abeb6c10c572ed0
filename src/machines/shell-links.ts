import { enqueueActions, type AnyActorRef, type EventObject } from 'xstate'
import type { BasketSummary } from '../contract/account'

/** Where a machine asks the app to go (a filter put into the address, the basket after adding). */
export interface Navigation {
  to: string
  search?: Record<string, unknown>
  replace?: boolean
}

/** The events other workflows send the shell (systemId 'shell'). */
export type ShellLinkEvent =
  /**
   * a screen changed the basket (add to basket, a repeated draft or order); `contract` names whose
   * basket it is when that may not be the selected contract's
   */
  | { type: 'basket.changed'; basket: BasketSummary; contract?: string }
  /** the dealer picks the warehouse they work from (a list's «Склад», the catalogue's filter) */
  | { type: 'warehouse.select'; id: number }
  /** a screen asks to go to an address (the app's router goes there; it comes back as address.changed) */
  | { type: 'address.navigate'; navigation: Navigation }
  /** the basket's figures after it loaded or changed, for the header */
  | { type: 'basket.summary'; basket: BasketSummary }

/**
 * An action that sends the shell (systemId 'shell') the events `eventsOf` makes of its params: the
 * link is the machine's own, so its diagram and path tests show it. Nothing is sent when no shell
 * runs (a machine tested alone).
 */
// the context and event types are the using machine's: `any` lets one action serve every machine
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyOf = any

export const notifyShell = <TParams>(eventsOf: (params: TParams) => ShellLinkEvent | readonly ShellLinkEvent[]) => notifySystemActor('shell', eventsOf)

/** The same for any actor with a systemId (the checkout tells the basket, systemId 'basket'). */
export const notifySystemActor = <TParams, TEvent extends EventObject>(systemId: string, eventsOf: (params: TParams) => TEvent | readonly TEvent[]) =>
  enqueueActions<AnyOf, AnyOf, TParams, AnyOf, AnyOf, AnyOf, AnyOf, AnyOf, AnyOf>(({ system, enqueue }, params: TParams) => {
    const target = system.get(systemId) as AnyActorRef | undefined
    if (!target) return
    for (const event of ([] as TEvent[]).concat(eventsOf(params))) enqueue.sendTo(target, event)
  })

export const navigateTo = (to: string, search?: Record<string, unknown>, replace?: boolean): ShellLinkEvent => ({
  type: 'address.navigate',
  navigation: { to, ...(search ? { search } : {}), ...(replace ? { replace } : {}) },
})
