import type { FormEvent } from 'react'
import type { PasswordChangeActor } from '../../machines/password-change.machine'
import { FormField } from '../ui/form-field'
import { usePasswordChangeApi } from './profile-connect'
import { FormActions } from './form-actions'
import styles from './profile-page.module.css'

/** «Смена пароля»: the current password (a reminder's temporary one too) and the new one twice. */
export function PasswordForm({ actor }: { actor: PasswordChangeActor }) {
  const api = usePasswordChangeApi(actor)
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    api.submit()
  }
  return (
    <section className={styles.section} aria-labelledby="profile-password">
      <h2 id="profile-password">Смена пароля</h2>
      <p className={styles.hint}>После смены пароля другие сеансы этого аккаунта завершатся. Временный пароль из письма тоже можно сменить здесь.</p>
      <form className={styles.form} noValidate onSubmit={onSubmit}>
        <FormField
          label="Текущий пароль"
          type="password"
          autoComplete="current-password"
          maxLength={200}
          isRequired
          {...api.getFieldProps('currentPassword')}
        />
        <FormField label="Новый пароль" type="password" autoComplete="new-password" maxLength={200} isRequired {...api.getFieldProps('newPassword')} />
        <FormField
          label="Повторите новый пароль"
          type="password"
          autoComplete="new-password"
          maxLength={200}
          isRequired
          {...api.getFieldProps('repeatPassword')}
        />
        <FormActions submit={api.getSubmitProps()} label="Сменить пароль" done={api.done} alert={api.alert} />
      </form>
    </section>
  )
}
