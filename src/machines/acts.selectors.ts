import type { SnapshotFrom } from 'xstate'
import type { ActRequestActor } from './act-request.machine'
import type { actsMachine } from './acts.machine'

type ActsSnapshot = SnapshotFrom<typeof actsMachine>

/** What the list area shows: one per state of the list region (`refused`: a 4xx stopped the poll). */
export type ActsListView = 'loading' | 'loaded' | 'empty' | 'failed' | 'paused' | 'refused'

const LIVE_VIEWS = ['failed', 'empty', 'paused', 'loaded'] as const

export const listViewOf = (snapshot: ActsSnapshot): ActsListView =>
  snapshot.matches({ list: 'refused' }) ? 'refused' : (LIVE_VIEWS.find((view) => snapshot.matches({ list: { live: view } })) ?? 'loading')

/** «Запросить акт сверки» is enabled once the contracts are known and while the modal is closed. */
export const canRequestAct = (snapshot: ActsSnapshot): boolean =>
  (snapshot.context.result?.contracts.length ?? 0) > 0 && !snapshot.matches({ request: 'open' })

/** The request form's actor while the modal is open (the children map does not know which child is which). */
export const openRequestOf = (snapshot: ActsSnapshot): ActRequestActor | undefined =>
  snapshot.matches({ request: 'open' }) ? (snapshot.children.actRequest as ActRequestActor | undefined) : undefined

/** The act just requested, while its notice shows. */
export const requestedActOf = (snapshot: ActsSnapshot) => (snapshot.matches({ request: 'requested' }) ? snapshot.context.requested : null)
