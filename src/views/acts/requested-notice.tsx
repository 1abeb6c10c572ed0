import { Button } from '../ui/button'
import type { ActsApi } from './acts-connect'
import styles from './acts.module.css'

/** After a request: which act was requested and that its state will change by itself. */
export function RequestedNotice({ notice }: { notice: NonNullable<ActsApi['notice']> }) {
  return (
    <div className={styles.notice} role="status">
      <p>{notice.text}</p>
      <Button variant="ghost" onPress={notice.onClose}>
        Закрыть
      </Button>
    </div>
  )
}
