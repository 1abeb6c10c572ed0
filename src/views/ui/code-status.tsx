import { Button } from './button'
import { Loading } from './loading'
import styles from './code-status.module.css'

/** Over the page while a dialog's code arrives (it is not in the screen's first load). */
export function CodeLoading({ label }: { label: string }) {
  return (
    <div className={styles.pending}>
      <Loading label={label} />
    </div>
  )
}

/** Over the page when a dialog's code could not be loaded: the message and «Закрыть». */
export function CodeFailed({ text, onClose }: { text: string; onClose: () => void }) {
  return (
    <div className={styles.pending}>
      <div className={styles.failed} role="alert">
        <p>{text}</p>
        <Button variant="primary" onPress={onClose} autoFocus>
          Закрыть
        </Button>
      </div>
    </div>
  )
}
