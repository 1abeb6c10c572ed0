import type { ReactNode } from 'react'
import styles from './products-notice.module.css'

/** A dashed box with a short message: an empty list, or what to do first. */
export function ProductsNotice({ children }: { children: ReactNode }) {
  return <p className={styles.notice}>{children}</p>
}
