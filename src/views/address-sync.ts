import { useEffect } from 'react'
import type { ActorRef, EventObject, Snapshot } from 'xstate'

/**
 * The one way the address reaches a screen's machine: every change of it (a link, a reload, the
 * back button, or the machine's own `notifyAddress`) arrives as `event`, and the machine decides
 * whether it differs from what it shows. Machines put their state into the address only through
 * a `notifyAddress` action that the app provides (src/app/providers.tsx).
 */
export function useAddressSync<TEvent extends EventObject>(actor: ActorRef<Snapshot<unknown>, TEvent>, event: TEvent) {
  // the event is plain JSON: its text is the effect's dependency, so an equal address sends nothing
  const text = JSON.stringify(event)
  useEffect(() => actor.send(JSON.parse(text) as TEvent), [actor, text])
}
