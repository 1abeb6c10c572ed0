import type { FormEvent } from 'react'
import { Button } from '../ui/button'
import { FormField } from '../ui/form-field'
import { PhoneField } from '../ui/phone-field'
import type { DetailsForm as DetailsFormApi } from './profile-connect'
import styles from './profile-page.module.css'

/** «Личные данные»: the name and the phone (registration's mask), saved with «Данные сохранены». */
export function DetailsForm({ form }: { form: DetailsFormApi }) {
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    form.submit()
  }
  return (
    <section className={styles.section} aria-labelledby="profile-details">
      <h2 id="profile-details">Личные данные</h2>
      <form className={styles.form} noValidate onSubmit={onSubmit}>
        <FormField label="Имя" autoComplete="name" maxLength={200} isRequired {...form.getFieldProps('name')} />
        <PhoneField {...form.getFieldProps('phone')} />
        <div className={styles.actions}>
          <Button {...form.getSubmitProps()}>Сохранить</Button>
          <span role="status" className={styles.done}>
            {form.saved}
          </span>
        </div>
        {form.alert ? (
          <p className={styles.alert} role="alert">
            {form.alert}
          </p>
        ) : null}
      </form>
    </section>
  )
}
