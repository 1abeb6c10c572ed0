import type { SnapshotFrom } from 'xstate'
import type { consigneesMachine } from './consignees.machine'

type ConsigneesSnapshot = SnapshotFrom<typeof consigneesMachine>

/** The page's body: the first load, its failure, no consignees yet, or the list (kept while it loads again). */
export type ConsigneesBody = 'firstLoad' | 'failed' | 'empty' | 'list'

export function consigneesBodyOf(snapshot: ConsigneesSnapshot): ConsigneesBody {
  const { consignees } = snapshot.context
  if (snapshot.matches('failed')) return 'failed'
  if (consignees === null) return 'firstLoad'
  return consignees.length === 0 ? 'empty' : 'list'
}

/** The removal's dialog over the list. */
export type ConsigneeRemoveStep = 'none' | 'confirmingRemove' | 'removing' | 'removeFailed'

export function removeStepOf(snapshot: ConsigneesSnapshot): ConsigneeRemoveStep {
  for (const step of ['confirmingRemove', 'removing', 'removeFailed'] as const) if (snapshot.matches({ loaded: step })) return step
  return 'none'
}

/** The rows' buttons and «Добавить грузополучателя» wait while anything runs or is open. */
export const isConsigneesBusyOf = (snapshot: ConsigneesSnapshot): boolean => !snapshot.matches({ loaded: 'idle' })
