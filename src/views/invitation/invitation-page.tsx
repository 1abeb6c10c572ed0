import { useSelector } from '@xstate/react'
import { useState, type FormEvent } from 'react'
import { INVITATION_MESSAGES } from '../../contract/managers'
import type { InvitationActor } from '../../machines/invitation.machine'
import shared from '../layout/signed-out.module.css'
import { Button } from '../ui/button'
import { FormField } from '../ui/form-field'
import styles from './invitation-page.module.css'

/** /invitation/?token=: the invited manager sets its password, then signs in on the login page. */
export function InvitationPage({ invitation }: { invitation: InvitationActor }) {
  const isDone = useSelector(invitation, (snapshot) => snapshot.matches('done'))
  const isSending = useSelector(invitation, (snapshot) => snapshot.matches('sending'))
  const message = useSelector(invitation, (snapshot) => snapshot.context.message)
  // the typed passwords stay in the form (never in a machine's context, so never in the journal)
  const [password, setPassword] = useState('')
  const [password2, setPassword2] = useState('')
  const edit = (set: (value: string) => void) => (value: string) => {
    set(value)
    invitation.send({ type: 'password.edit' })
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    invitation.send({ type: 'password.set', password, password2 })
  }
  return (
    <main className={styles.page}>
      <div className={styles.card}>
        <h1 className={styles.title}>Приглашение в кабинет дилера</h1>
        {isDone ? (
          <>
            <p className={shared.success} role="status">
              {INVITATION_MESSAGES.done}
            </p>
            <a href="/login/">Войти</a>
          </>
        ) : (
          <form className={shared.form} onSubmit={submit} noValidate aria-label="Пароль менеджера">
            <FormField label="Пароль" type="password" autoComplete="new-password" value={password} onChange={edit(setPassword)} isRequired />
            <FormField label="Повторите пароль" type="password" autoComplete="new-password" value={password2} onChange={edit(setPassword2)} isRequired />
            {message ? (
              <p className={shared.alert} role="alert">
                {message}
              </p>
            ) : null}
            <Button type="submit" variant="primary" isDisabled={isSending}>
              Сохранить пароль
            </Button>
          </form>
        )}
      </div>
    </main>
  )
}
