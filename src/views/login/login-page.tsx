import { Link } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { Suspense, type FormEvent } from 'react'
import { REQUIRED_MESSAGE } from '../../contract/common'
import type { LoginField } from '../../machines/session.machine'
import { useSessionActor } from '../session/session-context'
import { Button } from '../ui/button'
import { FormField } from '../ui/form-field'
import styles from './login-page.module.css'
import shared from '../layout/signed-out.module.css'
import { lazyPart } from '../ui/lazy-part'

/** The reminder's dialog (and react-aria's modal with it) loads when «Забыли пароль?» is pressed. */
const ReminderDialog = lazyPart(() => import('./reminder-dialog').then((module) => ({ default: module.ReminderDialog })))

const textOf = (form: FormData, field: LoginField) => String(form.get(field) ?? '')

/**
 * /login/: e-mail and password. It never navigates: the app shell leaves the page when the
 * session turns signedIn.
 */
export function LoginPage() {
  const session = useSessionActor()
  const isSubmitting = useSelector(session, (s) => s.matches({ signedOut: { login: 'submitting' } }))
  const message = useSelector(session, (s) => s.context.message)
  const missing = useSelector(session, (s) => s.context.missing)
  const isReminderOpen = useSelector(session, (s) => s.matches({ signedOut: { reminder: 'shown' } }))
  const edit = () => session.send({ type: 'session.edit' })

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    session.send({ type: 'session.login', email: textOf(form, 'email'), password: textOf(form, 'password') })
  }

  return (
    <main className={styles.page}>
      <div className={styles.card}>
        <h1 className={styles.title}>Вход в кабинет дилера</h1>
        <form className={shared.form} noValidate onSubmit={submit} aria-label="Вход в кабинет дилера">
          <FormField
            label="E-mail"
            name="email"
            type="email"
            autoComplete="username"
            isReadOnly={isSubmitting}
            error={missing.includes('email') ? REQUIRED_MESSAGE : null}
            onChange={edit}
          />
          <FormField
            label="Пароль"
            name="password"
            type="password"
            autoComplete="current-password"
            isReadOnly={isSubmitting}
            error={missing.includes('password') ? REQUIRED_MESSAGE : null}
            onChange={edit}
          />
          {message ? (
            <p className={shared.alert} role="alert">
              {message}
            </p>
          ) : null}
          <Button type="submit" variant="primary" className={styles.submit} isDisabled={isSubmitting}>
            {isSubmitting ? 'Вход…' : 'Войти'}
          </Button>
        </form>
        <div className={styles.links}>
          <button type="button" className={shared.linkButton} onClick={() => session.send({ type: 'reminder.open' })}>
            Забыли пароль?
          </button>
          {isReminderOpen ? (
            <Suspense fallback={null}>
              <ReminderDialog isOpen onClose={() => session.send({ type: 'reminder.close' })} />
            </Suspense>
          ) : null}
          <Link to="/registration/form/">Регистрация нового клиента</Link>
        </div>
      </div>
    </main>
  )
}
