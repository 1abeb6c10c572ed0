import type { ReactNode } from 'react'
import styles from './empty-state.module.css'

/** A list with nothing to show: what is missing, a hint, and where to go next. */
export function EmptyState({ title, hint, children }: { title: string; hint?: string; children?: ReactNode }) {
  return (
    <div className={styles.empty} role="status">
      <p className={styles.title}>{title}</p>
      {hint ? <p>{hint}</p> : null}
      {children}
    </div>
  )
}
