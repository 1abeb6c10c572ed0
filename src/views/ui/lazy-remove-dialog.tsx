import { Suspense } from 'react'
import type { RemoveDialogModel } from './remove-dialog'
import { lazyPart } from './lazy-part'

const RemoveDialog = lazyPart(() => import('./remove-dialog').then((module) => ({ default: module.RemoveDialog })))

/** RemoveDialog whose code (the question and the failure dialogs) loads when a removal is first asked, not with the list. */
export function LazyRemoveDialog({ dialog }: { dialog: RemoveDialogModel }) {
  if (dialog.kind === 'none') return null
  return (
    <Suspense fallback={null}>
      <RemoveDialog dialog={dialog} />
    </Suspense>
  )
}
