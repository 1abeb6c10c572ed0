import { Link, useNavigate } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import type { FormEvent } from 'react'
import { Button as AriaButton, Dialog, Form, Heading, Modal, ModalOverlay } from 'react-aria-components'
import type { ActorRefFrom, SnapshotFrom } from 'xstate'
import { captchaSrcOf, type RegistrationField, type registrationMachine } from '../../machines/registration.machine'
import { useSessionActor } from '../session/session-context'
import { FormField } from '../ui/form-field'
import { Loading } from '../ui/loading'
import shared from '../layout/signed-out.module.css'
import { Button } from '../ui/button'
import { PhoneField } from './phone-field'
import styles from './registration-page.module.css'

type RegistrationSnapshot = SnapshotFrom<typeof registrationMachine>
type Phase = 'editing' | 'submitting' | 'failed' | 'networkError' | 'succeeded'

const phaseOf = (s: RegistrationSnapshot): Phase =>
  s.matches('succeeded')
    ? 'succeeded'
    : s.matches('submitting')
      ? 'submitting'
      : s.matches({ filling: 'failed' })
        ? 'failed'
        : s.matches({ filling: 'networkError' })
          ? 'networkError'
          : 'editing'

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
  const phase = useSelector(registration, phaseOf)
  const values = useSelector(registration, (s) => s.context.values)
  const errors = useSelector(registration, (s) => s.context.errors)
  const message = useSelector(registration, (s) => s.context.message)
  const captchaSrc = useSelector(registration, (s) => captchaSrcOf(s.context))
  const isSubmitting = phase === 'submitting'

  const fieldProps = (field: RegistrationField) => ({
    name: field,
    value: values[field],
    error: errors[field],
    isReadOnly: isSubmitting,
    onChange: (value: string) => registration.send({ type: 'registration.change', field, value }),
    onBlur: () => registration.send({ type: 'registration.blur', field }),
  })

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    registration.send({ type: 'registration.submit' })
  }

  return phase === 'succeeded' ? (
    <>
      <p className={shared.success} role="status">
        {message}
      </p>
      <Link to={LOGIN_PATH}>Перейти ко входу</Link>
    </>
  ) : (
    <Form className={shared.form} validationBehavior="aria" onSubmit={submit}>
      <FormField label="Компания" autoComplete="organization" maxLength={200} {...fieldProps('company')} />
      <FormField label="ИНН" inputMode="numeric" maxLength={12} {...fieldProps('inn')} />
      <FormField label="Контактное лицо" autoComplete="name" maxLength={200} {...fieldProps('name')} />
      <FormField label="E-mail" type="email" autoComplete="email" maxLength={254} {...fieldProps('email')} />
      <PhoneField {...fieldProps('phone')} />
      <FormField label="Пароль" type="password" autoComplete="new-password" maxLength={200} {...fieldProps('password')} />
      <div className={styles.captcha}>
        <img className={styles.captchaImage} src={captchaSrc} alt="Код с картинки" width={150} height={50} />
        <AriaButton
          className={shared.linkButton}
          isDisabled={isSubmitting}
          onPress={() => registration.send({ type: 'registration.refreshCaptcha', time: Date.now() })}
        >
          Обновить картинку
        </AriaButton>
      </div>
      <FormField label="Код с картинки" autoComplete="off" maxLength={20} {...fieldProps('captcha')} />
      {(phase === 'failed' || phase === 'networkError') && message ? (
        <p className={shared.alert} role="alert">
          {message}
        </p>
      ) : null}
      <div className={shared.actions}>
        <Button type="submit" variant="primary" isDisabled={isSubmitting}>
          Зарегистрироваться
        </Button>
      </div>
    </Form>
  )
}
