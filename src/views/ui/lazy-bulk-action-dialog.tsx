import { useSelector } from '@xstate/react'
import { Suspense } from 'react'
import type { ActorRef, AnyMachineSnapshot } from 'xstate'
import { BULK_CODE_MESSAGES, bulkCodeStatusOf, type BulkCodeEvent } from '../../machines/bulk-action-code'
import type { BulkActionActor } from '../../machines/bulk-action.machine'
import { CodeFailed, CodeLoading } from './code-status'
import { lazyPart } from './lazy-part'

const BulkActionDialog = lazyPart(() => import('./bulk-action-dialog').then((module) => ({ default: module.BulkActionDialog })))

export interface LazyBulkActionDialogProps {
  /** the list that runs the bulk action: it waits while the action's code loads */
  owner: ActorRef<AnyMachineSnapshot, BulkCodeEvent>
  /** the bulk action, once it runs */
  actor: BulkActionActor | null
}

/**
 * BulkActionDialog whose code (the machine, the question, the loader, the result) loads when a
 * bulk action first runs, not with the list: a spinner while it arrives, a message with «Закрыть»
 * when it could not be loaded.
 */
export function LazyBulkActionDialog({ owner, actor }: LazyBulkActionDialogProps) {
  const code = useSelector(owner, bulkCodeStatusOf)
  if (code === 'loading') return <CodeLoading label={BULK_CODE_MESSAGES.loading} />
  if (code === 'failed') return <CodeFailed text={BULK_CODE_MESSAGES.failed} onClose={() => owner.send({ type: 'bulk.close' })} />
  if (!actor) return null
  return (
    <Suspense fallback={<CodeLoading label={BULK_CODE_MESSAGES.loading} />}>
      <BulkActionDialog actor={actor} />
    </Suspense>
  )
}
