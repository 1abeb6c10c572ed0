import { useSelector } from '@xstate/react'
import type { FormEvent } from 'react'
import { Dialog, Form, Heading, Modal, ModalOverlay } from 'react-aria-components'
import { useRouteDep, useScreenActor } from '../app-deps'
import { FormField } from '../ui/form-field'
import shared from '../layout/signed-out.module.css'
import { Button } from '../ui/button'

export interface ReminderDialogProps {
  /** leave both out inside a react-aria DialogTrigger, which then opens and closes it */
  isOpen?: boolean
  onClose?: () => void
}

/** "Забыли пароль?": the password reminder in a modal dialog. */
export function ReminderDialog({ isOpen, onClose }: ReminderDialogProps) {
  // inside a DialogTrigger the trigger owns the open state, and react-aria wants no handler here
  const control =
    isOpen === undefined ? {} : { isOpen, onOpenChange: (open: boolean) => (open ? undefined : onClose?.()) }
  return (
    <ModalOverlay className={shared.overlay} isDismissable {...control}>
      <Modal className={shared.modal}>
        <Dialog className={shared.dialog}>{({ close }) => <ReminderForm close={close} />}</Dialog>
      </Modal>
    </ModalOverlay>
  )
}

/** Mounted while the dialog is open, so every opening starts afresh. */
function ReminderForm({ close }: { close: () => void }) {
  const reminder = useScreenActor(useRouteDep('reminder'))
  const isSending = useSelector(reminder, (s) => s.matches('sending'))
  const isSent = useSelector(reminder, (s) => s.matches('sent'))
  const isEmpty = useSelector(reminder, (s) => s.matches({ form: 'empty' }))
  const message = useSelector(reminder, (s) => s.context.message)

  const send = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    reminder.send({ type: 'reminder.send', email: String(new FormData(event.currentTarget).get('email') ?? '') })
  }

  return (
    <>
      <Heading slot="title" className={shared.dialogTitle}>
        Восстановление пароля
      </Heading>
      {isSent ? (
        <>
          <p className={shared.success} role="status">
            {message}
          </p>
          <div className={shared.actions}>
            <Button variant="primary" onPress={close} autoFocus>
              Закрыть
            </Button>
          </div>
        </>
      ) : (
        <Form className={shared.form} validationBehavior="aria" onSubmit={send}>
          <FormField
            label="E-mail"
            name="email"
            type="email"
            autoComplete="email"
            autoFocus
            isReadOnly={isSending}
            error={isEmpty ? message : null}
            onChange={() => reminder.send({ type: 'reminder.edit' })}
          />
          {message && !isEmpty ? (
            <p className={shared.alert} role="alert">
              {message}
            </p>
          ) : null}
          <div className={shared.actions}>
            <Button type="submit" variant="primary" isDisabled={isSending}>
              Отправить
            </Button>
            <Button onPress={close}>Закрыть</Button>
          </div>
        </Form>
      )}
    </>
  )
}
