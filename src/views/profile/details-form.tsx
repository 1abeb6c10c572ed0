import type { FormEvent } from 'react'
import { FormField } from '../ui/form-field'
import { PhoneField } from '../ui/phone-field'
import type { DetailsForm as DetailsFormApi } from './profile-connect'
import { FormActions } from './form-actions'
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
        <FormActions submit={form.getSubmitProps()} label="Сохранить" done={form.saved} alert={form.alert} />
      </form>
    </section>
  )
}
