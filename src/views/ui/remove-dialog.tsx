import { ConfirmDialog } from './confirm-dialog'
import { MessageDialog, MessageText } from './message-dialog'

/** What a list's removal shows over it: the question, why the removal failed, or nothing. */
export type RemoveDialogModel =
  | { kind: 'confirm'; title: string; text: string; isBusy: boolean; onConfirm: () => void; onCancel: () => void }
  | { kind: 'failed'; title: string; text: string | null; onClose: () => void }
  | { kind: 'none' }

/**
 * The removal's dialog of the addresses, consignees and contragents lists: the spec's question
 * («Удалить адрес?» with the full address, «Удалить грузополучателя?» with the name …) with
 * «Удалить» and «Отмена», then the server's reason when it refused.
 */
export function RemoveDialog({ dialog }: { dialog: RemoveDialogModel }) {
  switch (dialog.kind) {
    case 'confirm':
      return (
        <ConfirmDialog title={dialog.title} confirmLabel="Удалить" isBusy={dialog.isBusy} onConfirm={dialog.onConfirm} onCancel={dialog.onCancel}>
          <MessageText>{dialog.text}</MessageText>
        </ConfirmDialog>
      )
    case 'failed':
      return (
        <MessageDialog title={dialog.title} onClose={dialog.onClose}>
          <MessageText>{dialog.text}</MessageText>
        </MessageDialog>
      )
    case 'none':
      return null
  }
}
