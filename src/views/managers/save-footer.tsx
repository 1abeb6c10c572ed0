import { Button } from '../ui/button'
import dialogStyles from '../ui/confirm-dialog.module.css'
import styles from './managers.module.css'

interface SaveFooterProps {
  savedNotice: string | null
  canRetry: boolean
  isBusy: boolean
  retry: () => void
  cancel: () => void
}

/** The managers' dialogs end alike: the saved notice, then «Сохранить» (or «Повторить» after a failure) and «Отмена». */
export function SaveFooter({ savedNotice, canRetry, isBusy, retry, cancel }: SaveFooterProps) {
  return (
    <>
      {savedNotice ? (
        <p className={styles.saved} role="status">
          {savedNotice}
        </p>
      ) : null}
      <div className={dialogStyles.actions}>
        {canRetry ? (
          <Button variant="primary" onPress={retry}>
            Повторить
          </Button>
        ) : (
          <Button variant="primary" type="submit" isDisabled={isBusy}>
            Сохранить
          </Button>
        )}
        <Button onPress={cancel}>Отмена</Button>
      </div>
    </>
  )
}
