import { Link, useNavigate } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import type { FormEvent } from 'react'
import { Button as AriaButton, Dialog, Form, Heading, Modal, ModalOverlay } from 'react-aria-components'
import type { ActorRefFrom } from 'xstate'
import type { registrationMachine } from '../../machines/registration.machine'
import { useSessionActor } from '../session/session-context'
import { FormField } from '../ui/form-field'
import { Loading } from '../ui/loading'
import shared from '../layout/signed-out.module.css'
import { Button } from '../ui/button'
import { PhoneField } from '../ui/phone-field'
import { useRegistrationApi } from './registration-connect'
import styles from './registration-page.module.css'

const LOGIN_PATH = '/login/'

/**
 * /registration/form: the registration modal (spec §2, §4, §5, §8), the session's child
 * "registration" while the address is shown; a loader until it runs. Closing it goes to the login page.
 */
export function RegistrationPage() {
  const navigate = useNavigate()
  const registration = useSelector(useSessionActor(), (s) => s.children.registration)
  return (
    <ModalOverlay
      className={shared.overlay}
      isOpen
      onOpenChange={(open) => {
        if (!open) void navigate({ to: LOGIN_PATH })
      }}
    >
      <Modal className={`${shared.modal} ${shared.wide}`}>
        <Dialog className={shared.dialog}>
          <div className={shared.dialogHeader}>
            <Heading slot="title" className={shared.dialogTitle}>
              Регистрация нового клиента
            </Heading>
            <Link to={LOGIN_PATH}>Закрыть</Link>
          </div>
          {registration ? <RegistrationForm registration={registration} /> : <Loading label="Загрузка формы…" />}
        </Dialog>
      </Modal>
    </ModalOverlay>
  )
}

function RegistrationForm({ registration }: { registration: ActorRefFrom<typeof registrationMachine> }) {
  const api = useRegistrationApi(registration)

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    api.submit()
  }

  return api.success !== null ? (
    <>
      <p className={shared.success} role="status">
        {api.success}
      </p>
      <Link to={LOGIN_PATH}>Перейти ко входу</Link>
    </>
  ) : (
    <Form className={shared.form} validationBehavior="aria" onSubmit={submit}>
      <FormField label="Компания" autoComplete="organization" maxLength={200} {...api.getFieldProps('company')} />
      <FormField label="ИНН" inputMode="numeric" maxLength={12} {...api.getFieldProps('inn')} />
      <FormField label="Контактное лицо" autoComplete="name" maxLength={200} {...api.getFieldProps('name')} />
      <FormField label="E-mail" type="email" autoComplete="email" maxLength={254} {...api.getFieldProps('email')} />
      <PhoneField {...api.getFieldProps('phone')} />
      <FormField label="Пароль" type="password" autoComplete="new-password" maxLength={200} {...api.getFieldProps('password')} />
      <div className={styles.captcha}>
        <img className={styles.captchaImage} src={api.captchaSrc} alt="Код с картинки" width={150} height={50} />
        <AriaButton className={shared.linkButton} {...api.getRefreshProps()}>
          Обновить картинку
        </AriaButton>
      </div>
      <FormField label="Код с картинки" autoComplete="off" maxLength={20} {...api.getFieldProps('captcha')} />
      {api.alert ? (
        <p className={shared.alert} role="alert">
          {api.alert}
        </p>
      ) : null}
      <div className={shared.actions}>
        <Button {...api.getSubmitProps()}>Зарегистрироваться</Button>
      </div>
    </Form>
  )
}
