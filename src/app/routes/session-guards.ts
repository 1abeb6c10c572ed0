import { redirect, type AnyRouter, type ParsedLocation } from '@tanstack/react-router'
import { waitFor, type SnapshotFrom } from 'xstate'
import { sectionOfPath } from '../../contract/menu'
import { firstOpenPath, isSectionClosed, SectionClosedError } from '../../machines/menu'
import type { SessionActor, sessionMachine } from '../../machines/session.machine'
import type { AppWiring } from '../wiring/app-wiring'

/** What every route's beforeLoad can read. */
export interface RouterContext {
  session: SessionActor
  /** what a route's loader joins a machine to (the invitation page starts its form with it) */
  wiring: AppWiring
}

/** What the session guards read of the context. */
type SessionContextOnly = Pick<RouterContext, 'session'>

type SessionStatus = 'checking' | 'signedIn' | 'signedOut'

const statusOf = (snapshot: SnapshotFrom<typeof sessionMachine>): SessionStatus =>
  snapshot.hasTag('signedIn') ? 'signedIn' : snapshot.hasTag('signedOut') ? 'signedOut' : 'checking'

/** Resolves once the session check is over (the route's pending loader shows meanwhile). */
const settled = async (session: SessionActor) => statusOf(await waitFor(session, (snapshot) => statusOf(snapshot) !== 'checking'))

/** Keys the signed-in account may not use (its disabledMenus); none while signed out. */
const disabledMenusOf = (session: SessionActor): readonly string[] => session.getSnapshot().context.account?.disabledMenus ?? []

/** The cabinet's gate: a signed-out visitor goes to /login/?redirect=<this address>. */
export async function requireSignedIn({ context, location }: { context: SessionContextOnly; location: ParsedLocation }) {
  if ((await settled(context.session)) === 'signedOut') {
    throw redirect({ to: '/login/', search: { redirect: location.href }, replace: true })
  }
}

/**
 * Issue 11: an address in a section the account's disabledMenus close (or a child of one) is not
 * opened: the route's error component shows the no-access page inside the frame, at the same address.
 */
export async function requireOpenSection({ context, location }: { context: SessionContextOnly; location: ParsedLocation }) {
  if ((await settled(context.session)) !== 'signedIn') return
  const section = sectionOfPath(location.pathname)
  if (section !== undefined && isSectionClosed(section, disabledMenusOf(context.session))) throw new SectionClosedError(section)
}

/**
 * /login/ once signed in: on to ?redirect= (a same-site path, checked by the search schema) or the
 * first section the account may use (the catalogue unless it is closed). A ?redirect= into a closed
 * section lands on that section's no-access page.
 */
export async function leaveLoginIfSignedIn({
  context,
  target,
  built,
}: {
  context: SessionContextOnly
  target: string | undefined
  built: readonly string[]
}) {
  if ((await settled(context.session)) !== 'signedIn') return
  const landing = target ?? firstOpenPath({ built, disabled: disabledMenusOf(context.session) })
  // `href` (a whole path with its query) wins over `to`, which the types require
  throw redirect({ to: '/cabinet/', href: landing, replace: true })
}

/**
 * Signing in, out, or the session expiring re-runs the route guards, so the address follows the
 * session (the login page leaves, the cabinet sends to the login page) without any effect in a view.
 * Only an expired session remembers the page to come back to: after "Выйти" the next person to sign
 * in on this browser starts at their own first open section, not on the previous dealer's page.
 */
export function followSession(session: SessionActor, router: AnyRouter): () => void {
  let last = statusOf(session.getSnapshot())
  const subscription = session.subscribe((snapshot) => {
    const status = statusOf(snapshot)
    if (status === last) return
    const loggedOut = last === 'signedIn' && status === 'signedOut' && !snapshot.matches({ signedOut: { login: { form: 'expired' } } })
    last = status
    void (loggedOut ? router.navigate({ to: '/login/', replace: true }) : router.invalidate())
  })
  return () => subscription.unsubscribe()
}
