import { getRouteApi } from '@tanstack/react-router'
import { createActor } from 'xstate'
import { invitationMachine, type InvitationActor } from '../../machines/invitation.machine'
import { createInvitationActors } from '../../services/managers'
import { InvitationPage } from '../../views/invitation/invitation-page'
import type { AppWiring } from '../wiring/app-wiring'

let running: { token: string; actor: InvitationActor } | null = null

/**
 * The invitation form's actor for the link's token, started by the route's loader (the app layer,
 * never a view); the same one while the route is shown, even when the router loads it again
 * (a session change re-runs the loaders). Stopped when the visitor leaves.
 */
export function startInvitation(wiring: AppWiring, token: string): InvitationActor {
  if (running?.token === token) return running.actor
  running?.actor.stop()
  const actor = createActor(invitationMachine.provide({ actors: createInvitationActors(wiring) }), { input: { token } }).start()
  running = { token, actor }
  return actor
}

export function stopInvitation(): void {
  running?.actor.stop()
  running = null
}

const route = getRouteApi('/invitation')

/** /invitation/?token= */
export function InvitationRoute() {
  return <InvitationPage invitation={route.useLoaderData()} />
}
