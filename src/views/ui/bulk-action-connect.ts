import type { SnapshotFrom } from 'xstate'
import { BULK_TEXTS, isRemovalKind, type BulkActionActor, type BulkActionEvent, type bulkActionMachine } from '../../machines/bulk-action.machine'
import { bulkActionStepOf } from '../../machines/bulk-action.selectors'
import { useViewModel } from './use-view-model'

/** What the bulk dialog reads from its child machine. */
export const bulkActionStateOf = (snapshot: SnapshotFrom<typeof bulkActionMachine>) => ({
  step: bulkActionStepOf(snapshot),
  kind: snapshot.context.kind,
  items: snapshot.context.items,
  outcome: snapshot.context.outcome,
  errorMessage: snapshot.context.errorMessage,
})

type BulkActionState = ReturnType<typeof bulkActionStateOf>

/**
 * The bulk dialog: a removal's question with the names, the loader while the calls run, then what
 * was done («Добавлено товаров - N шт.», «Убрано товаров: N») and each row that failed with the
 * server's reason, or the failure as a whole.
 */
export function connectBulkAction({ step, kind, items, outcome, errorMessage }: BulkActionState, send: (event: BulkActionEvent) => void) {
  const texts = BULK_TEXTS[kind]
  const close = () => send({ type: 'dialog.close' })
  const labelOf = (id: number) => items.find((item) => item.id === id)?.label ?? `№ ${id}`
  switch (step) {
    case 'asking':
      return {
        kind: 'confirm' as const,
        title: texts.question?.(items.length) ?? '',
        names: items.map((item) => item.label),
        confirmLabel: texts.confirmLabel ?? 'Да',
        onConfirm: () => send({ type: 'bulk.confirm' }),
        onCancel: () => send({ type: 'bulk.cancel' }),
      }
    case 'running':
      return { kind: 'loading' as const, title: texts.running }
    case 'failed':
      return { kind: 'failed' as const, title: texts.failedTitle, text: errorMessage ?? '', onClose: close }
    case 'done':
    case 'partlyFailed': {
      const failed = outcome?.failed ?? []
      return {
        kind: 'result' as const,
        title: (outcome?.done.length ?? 0) > 0 ? texts.doneTitle : texts.failedTitle,
        text: outcome ? texts.doneText(outcome) : '',
        /** «В корзину» when goods went into the basket */
        toBasket: !isRemovalKind(kind) && (outcome?.count ?? 0) > 0,
        failedTitle: texts.failedRows,
        /** «Заказ № 41 — Товаров нет в наличии» */
        failed: failed.map((failure) => ({ key: String(failure.id), text: `${labelOf(failure.id)} — ${failure.message}` })),
        onClose: close,
      }
    }
  }
}

export type BulkActionApi = ReturnType<typeof connectBulkAction>

export const useBulkActionApi = (actor: BulkActionActor): BulkActionApi => useViewModel(actor, bulkActionStateOf, connectBulkAction)
