import { useSelector } from '@xstate/react'
import type { FormEvent } from 'react'
import { Dialog, Form, Heading, Modal, ModalOverlay } from 'react-aria-components'
import type { ActorRefFrom } from 'xstate'
import type { reminderMachine } from '../../machines/reminder.machine'
import { useSessionActor } from '../session/session-context'
import { FormField } from '../ui/form-field'
import { Loading } from '../ui/loading'
import shared from '../layout/signed-out.module.css'
import { Button } from '../ui/button'

export interface ReminderDialogProps {
  /** the session's reminder is open */
  isOpen: boolean
  onClose: () => void
}

/**
 * "Забыли пароль?": the password reminder in a modal dialog, the session's child "reminder" (it
 * starts afresh at every opening); a loader until it runs.
 */
export function ReminderDialog({ isOpen, onClose }: ReminderDialogProps) {
  const reminder = useSelector(useSessionActor(), (s) => s.children.reminder)
  return (
    <ModalOverlay className={shared.overlay} isDismissable isOpen={isOpen} onOpenChange={(open) => (open ? undefined : onClose())}>
      <Modal className={shared.modal}>
        <Dialog className={shared.dialog}>
          {({ close }) => (
            <>
              {/* always there, so the dialog is named by it from its first render */}
              <Heading slot="title" className={shared.dialogTitle}>
                Восстановление пароля
              </Heading>
              {reminder ? <ReminderForm reminder={reminder} close={close} /> : <Loading label="Загрузка…" />}
            </>
          )}
        </Dialog>
      </Modal>
    </ModalOverlay>
  )
}

function ReminderForm({ reminder, close }: { reminder: ActorRefFrom<typeof reminderMachine>; close: () => void }) {
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
