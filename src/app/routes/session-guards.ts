import { redirect, type AnyRouter, type ParsedLocation } from '@tanstack/react-router'
import { waitFor, type SnapshotFrom } from 'xstate'
import type { SessionActor, sessionMachine } from '../../machines/session.machine'

/** What every route's beforeLoad can read. */
export interface RouterContext {
  session: SessionActor
}

type SessionStatus = 'checking' | 'signedIn' | 'signedOut'

const statusOf = (snapshot: SnapshotFrom<typeof sessionMachine>): SessionStatus =>
  snapshot.hasTag('signedIn') ? 'signedIn' : snapshot.hasTag('signedOut') ? 'signedOut' : 'checking'

/** Resolves once the session check is over (the route's pending loader shows meanwhile). */
const settled = async (session: SessionActor) => statusOf(await waitFor(session, (snapshot) => statusOf(snapshot) !== 'checking'))

export const DEFAULT_AFTER_LOGIN = '/cabinet/' as const

/** The cabinet's gate: a signed-out visitor goes to /login/?redirect=<this address>. */
export async function requireSignedIn({ context, location }: { context: RouterContext; location: ParsedLocation }) {
  if ((await settled(context.session)) === 'signedOut') {
    throw redirect({ to: '/login/', search: { redirect: location.href }, replace: true })
  }
}

/** /login/ once signed in: on to ?redirect= (a same-site path, checked by the search schema) or the catalogue. */
export async function leaveLoginIfSignedIn({ context, target }: { context: RouterContext; target: string | undefined }) {
  // `href` (a whole path with its query) wins over `to` when present
  if ((await settled(context.session)) === 'signedIn') throw redirect({ to: DEFAULT_AFTER_LOGIN, href: target, replace: true })
}

/**
 * Signing in, out, or the session expiring re-runs the route guards, so the address follows the
 * session (the login page leaves, the cabinet sends to the login page) without any effect in a view.
 * Only an expired session remembers the page to come back to: after "Выйти" the next person to sign
 * in on this browser starts at the catalogue, not on the previous dealer's page.
 */
export function followSession(session: SessionActor, router: AnyRouter): () => void {
  let last = statusOf(session.getSnapshot())
  const subscription = session.subscribe((snapshot) => {
    const status = statusOf(snapshot)
    if (status === last) return
    const loggedOut = last === 'signedIn' && status === 'signedOut' && !snapshot.matches({ signedOut: { form: 'expired' } })
    last = status
    void (loggedOut ? router.navigate({ to: '/login/', replace: true }) : router.invalidate())
  })
  return () => subscription.unsubscribe()
}
