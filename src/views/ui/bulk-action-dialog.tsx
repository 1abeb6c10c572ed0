import type { BulkActionActor } from '../../machines/bulk-action.machine'
import { useBulkActionApi } from './bulk-action-connect'
import { ConfirmDialog } from './confirm-dialog'
import { Loading } from './loading'
import { AlertDialog, MessageDialog, MessageText } from './message-dialog'
import styles from './selection-bar.module.css'

/** The dialog of a bulk action of the selection bar (its child machine): the question, the loader, the result. */
export function BulkActionDialog({ actor }: { actor: BulkActionActor }) {
  const api = useBulkActionApi(actor)
  switch (api.kind) {
    case 'confirm':
      return (
        <ConfirmDialog title={api.title} confirmLabel={api.confirmLabel} onConfirm={api.onConfirm} onCancel={api.onCancel}>
          <ul className={styles.names} aria-label="Выбранные">
            {api.names.map((name, index) => (
              <li key={index}>{name}</li>
            ))}
          </ul>
        </ConfirmDialog>
      )
    case 'loading':
      return (
        <AlertDialog title={api.title}>
          <Loading label={api.title} />
        </AlertDialog>
      )
    case 'failed':
      return (
        <MessageDialog title={api.title} onClose={api.onClose}>
          <MessageText>{api.text}</MessageText>
        </MessageDialog>
      )
    case 'result':
      return (
        <MessageDialog title={api.title} onClose={api.onClose} toBasket={api.toBasket}>
          <MessageText>{api.text}</MessageText>
          {api.failed.length > 0 ? (
            <>
              <MessageText>{api.failedTitle}</MessageText>
              <ul className={styles.names} aria-label={api.failedTitle}>
                {api.failed.map((failure) => (
                  <li key={failure.key}>{failure.text}</li>
                ))}
              </ul>
            </>
          ) : null}
        </MessageDialog>
      )
  }
}
