import type { AnyRouter } from '@tanstack/react-router'
import type { SessionActor } from '../machines/session.machine'

/**
 * The router delivers every address the dealer arrives at (a link, back, a reload, a machine's own
 * `address.navigate`) to the session as `address.changed`: the shell's screen host runs the screen
 * it shows. The search is the one the route parsed; `at` is when the dealer arrived.
 */
export function followAddress(router: AnyRouter, session: SessionActor): () => void {
  const deliver = () => {
    const { location, matches } = router.state
    const search = (matches.at(-1)?.search ?? location.search) as Record<string, unknown>
    session.send({ type: 'address.changed', address: { path: location.pathname, search, at: new Date().toISOString() } })
  }
  return router.subscribe('onResolved', deliver)
}
