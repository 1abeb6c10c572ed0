import { useSelector } from '@xstate/react'
import type { FormEvent } from 'react'
import { CALLBACK_MESSAGES } from '../../contract/callback'
import type { CallbackActor, CallbackField } from '../../machines/callback.machine'
import {
  callbackErrorOf,
  callbackFailureOf,
  callbackDialogViewOf,
  callbackValueOf,
  isCallbackSendingOf,
  isCallbackSentOf,
} from '../../machines/callback.selectors'
import { Button } from '../ui/button'
import dialogStyles from '../ui/confirm-dialog.module.css'
import { FormField } from '../ui/form-field'
import { Loading } from '../ui/loading'
import { ModalFrame } from '../ui/modal-frame'
import { PhoneField } from '../ui/phone-field'
import shared from './signed-out.module.css'
import { useShellActor } from './shell-context'

const CALLBACK_DIALOG_TEXTS = {
  title: 'Заказать звонок',
  loading: 'Загрузка…',
  codeFailed: 'Не удалось открыть форму. Проверьте соединение и откройте её ещё раз.',
} as const

/** The spec's /ajax/callback: the name and the phone, sent for the supplier to call back. */
export function CallbackDialog() {
  const shell = useShellActor()
  const view = useSelector(shell, callbackDialogViewOf)
  const callback = useSelector(shell, (snapshot) => snapshot.children.callback)
  const isSending = useSelector(callback, (snapshot) => (snapshot ? isCallbackSendingOf(snapshot) : false))
  const close = () => shell.send({ type: 'callback.close' })
  return (
    <ModalFrame title={CALLBACK_DIALOG_TEXTS.title} classes={dialogStyles} onDismiss={isSending ? undefined : close} isBusy={isSending}>
      {view === 'failed' ? (
        <Outcome text={CALLBACK_DIALOG_TEXTS.codeFailed} isFailure close={close} />
      ) : callback ? (
        <CallbackForm callback={callback} close={close} />
      ) : (
        <Loading label={CALLBACK_DIALOG_TEXTS.loading} />
      )}
    </ModalFrame>
  )
}

/** A result the dealer reads and closes: the request taken, or the dialog's code not loaded. */
function Outcome({ text, isFailure = false, close }: { text: string; isFailure?: boolean; close: () => void }) {
  return (
    <>
      <p className={isFailure ? shared.alert : shared.success} role={isFailure ? 'alert' : 'status'}>
        {text}
      </p>
      <div className={dialogStyles.actions}>
        <Button variant="primary" onPress={close} autoFocus>
          Закрыть
        </Button>
      </div>
    </>
  )
}

function CallbackForm({ callback, close }: { callback: CallbackActor; close: () => void }) {
  const isSending = useSelector(callback, isCallbackSendingOf)
  const isSent = useSelector(callback, isCallbackSentOf)
  const failure = useSelector(callback, callbackFailureOf)
  const firstname = useSelector(callback, callbackValueOf('firstname'))
  const phone = useSelector(callback, callbackValueOf('phone'))
  const firstnameError = useSelector(callback, callbackErrorOf('firstname'))
  const phoneError = useSelector(callback, callbackErrorOf('phone'))
  const change = (field: CallbackField) => (value: string) => callback.send({ type: 'callback.change', field, value })
  const blur = (field: CallbackField) => () => callback.send({ type: 'callback.blur', field })

  if (isSent) return <Outcome text={CALLBACK_MESSAGES.sent} close={close} />

  const submit = (event: FormEvent) => {
    event.preventDefault()
    callback.send({ type: 'callback.submit' })
  }
  return (
    <form className={shared.form} onSubmit={submit} noValidate>
      <FormField
        label="Имя"
        name="firstname"
        autoComplete="given-name"
        maxLength={200}
        isRequired
        autoFocus
        value={firstname}
        error={firstnameError}
        isReadOnly={isSending}
        onChange={change('firstname')}
        onBlur={blur('firstname')}
      />
      <PhoneField value={phone} error={phoneError} isReadOnly={isSending} onChange={change('phone')} onBlur={blur('phone')} />
      {failure ? (
        <p className={shared.alert} role="alert">
          {failure}
        </p>
      ) : null}
      <div className={dialogStyles.actions}>
        <Button type="submit" variant="primary" isDisabled={isSending}>
          Отправить
        </Button>
        <Button isDisabled={isSending} onPress={close}>
          Закрыть
        </Button>
      </div>
    </form>
  )
}
