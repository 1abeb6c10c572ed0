import type { ReactNode } from 'react'
import { Button, type ButtonProps } from '../ui/button'
import styles from './profile-page.module.css'

/** A profile form's foot: its submit button, the done message announced beside it, the failure under it. */
export function FormActions({ submit, label, done, alert }: { submit: ButtonProps; label: ReactNode; done: string | null; alert: string | null }) {
  return (
    <>
      <div className={styles.actions}>
        <Button {...submit}>{label}</Button>
        <span role="status" className={styles.done}>
          {done}
        </span>
      </div>
      {alert ? (
        <p className={styles.alert} role="alert">
          {alert}
        </p>
      ) : null}
    </>
  )
}
