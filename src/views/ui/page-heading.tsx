import type { ReactNode } from 'react'
import styles from './page-heading.module.css'

/** The page's one h1, with room for actions on the right. */
export function PageHeading({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  return (
    <div className={styles.heading}>
      <h1 className={styles.title}>{children}</h1>
      {actions}
    </div>
  )
}
