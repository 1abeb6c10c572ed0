import { Suspense } from 'react'
import type { BulkActionActor } from '../../machines/bulk-action.machine'
import { lazyPart } from './lazy-part'

const BulkActionDialog = lazyPart(() => import('./bulk-action-dialog').then((module) => ({ default: module.BulkActionDialog })))

/** BulkActionDialog whose code (the question, the loader, the result) loads when a bulk action first runs, not with the list. */
export function LazyBulkActionDialog({ actor }: { actor: BulkActionActor | null }) {
  if (!actor) return null
  return (
    <Suspense fallback={null}>
      <BulkActionDialog actor={actor} />
    </Suspense>
  )
}
