import { ConfirmDialog } from '../ui/confirm-dialog'
import { MessageDialog, MessageText } from '../ui/message-dialog'
import type { ManagersApi } from './managers-connect'

/** The list's dialogs: the question before a manager is removed, and a failed removal or toggle. */
export function ManagersDialogs({ api }: { api: ManagersApi }) {
  const { dialog } = api
  switch (dialog.kind) {
    case 'confirmRemove':
    case 'removing':
      return (
        <ConfirmDialog
          title={dialog.question}
          confirmLabel="Удалить"
          isBusy={dialog.kind === 'removing'}
          onConfirm={dialog.onConfirm}
          onCancel={dialog.onCancel}
        >
          <MessageText>{dialog.email}</MessageText>
        </ConfirmDialog>
      )
    case 'removeFailed':
    case 'toggleFailed':
      return (
        <MessageDialog title={dialog.failedTitle} onClose={dialog.onClose}>
          <MessageText>{dialog.errorMessage}</MessageText>
        </MessageDialog>
      )
    case 'none':
      return null
  }
}
