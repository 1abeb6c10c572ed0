import { Button } from './button'
import styles from './error-block.module.css'

export interface ErrorBlockProps {
  title: string
  /** the server's message, when it differs from the title */
  message?: string | null
  onRetry?: () => void
  retryLabel?: string
  fullPage?: boolean
}

/** A failure the user can see, with an optional "Повторить". */
export function ErrorBlock({ title, message, onRetry, retryLabel = 'Повторить', fullPage = false }: ErrorBlockProps) {
  return (
    <div className={fullPage ? `${styles.block} ${styles.fullPage}` : styles.block} role="alert">
      <div className={styles.title}>{title}</div>
      {message && message !== title ? <p className={styles.message}>{message}</p> : null}
      {onRetry ? (
        <Button variant="primary" onPress={onRetry}>
          {retryLabel}
        </Button>
      ) : null}
    </div>
  )
}
