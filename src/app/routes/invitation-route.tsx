import { getRouteApi } from '@tanstack/react-router'
import { invitationMachine, type InvitationActor } from '../../machines/invitation.machine'
import type { SessionActor } from '../../machines/session.machine'
import { createInvitationActors } from '../../services/managers'
import { InvitationPage } from '../../views/invitation/invitation-page'
import type { AppWiring } from '../wiring/app-wiring'

/** The invitation form's machine with its calls: the session runs it as its child "invitation" while the page is shown. */
export const wireInvitation = (wiring: AppWiring) => invitationMachine.provide({ actors: createInvitationActors(wiring) })

/**
 * The route's loader (the app layer, never a view): once the form's code is there, the session
 * runs the form of the link's token; the same one while the route is shown, even when the router
 * loads it again (a session change re-runs the loaders). Leaving the page sends `invitation.close`.
 */
export async function openInvitation({ session, wiring }: { session: SessionActor; wiring: AppWiring }, token: string): Promise<InvitationActor> {
  await wiring.loadInvitationCode()
  if (session.getSnapshot().children.invitation?.getSnapshot().context.token !== token) session.send({ type: 'invitation.open', token })
  return session.getSnapshot().children.invitation!
}

const route = getRouteApi('/invitation')

/** /invitation/?token= */
export function InvitationRoute() {
  return <InvitationPage invitation={route.useLoaderData()} />
}
