import styles from './loading.module.css'

export function Spinner() {
  return <span className={styles.spinner} aria-hidden="true" />
}

/** A loading message announced to screen readers. */
export function Loading({ label, fullPage = false }: { label: string; fullPage?: boolean }) {
  return (
    <div className={fullPage ? styles.fullPage : styles.block} role="status">
      <Spinner />
      <span>{label}</span>
    </div>
  )
}
