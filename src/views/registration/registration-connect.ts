import type { ActorRefFrom, SnapshotFrom } from 'xstate'
import { captchaSrcOf, type RegistrationEvent, type RegistrationField, type registrationMachine } from '../../machines/registration.machine'
import { registrationPhaseOf } from '../../machines/registration.selectors'
import { useViewModel } from '../ui/use-view-model'

type RegistrationSnapshot = SnapshotFrom<typeof registrationMachine>
type Send = (event: RegistrationEvent) => void

/** What the registration form reads from its machine: flat, so equal states compare shallowly equal. */
const registrationStateOf = (snapshot: RegistrationSnapshot) => ({
  phase: registrationPhaseOf(snapshot),
  values: snapshot.context.values,
  errors: snapshot.context.errors,
  message: snapshot.context.message,
  captchaSrc: captchaSrcOf(snapshot.context),
})

type RegistrationState = ReturnType<typeof registrationStateOf>

/** The registration form's view-model (as the catalogue's `connect`): the fields, the captcha, the messages and the events they send. */
function connectState({ phase, values, errors, message, captchaSrc }: RegistrationState, send: Send) {
  const isSubmitting = phase === 'submitting'
  return {
    /** the server's congratulation once registered, else null (the form shows) */
    success: phase === 'succeeded' ? (message ?? '') : null,
    /** a field's value, its message, read-only while sending, and its change and blur */
    getFieldProps: (field: RegistrationField) => ({
      name: field,
      value: values[field],
      error: errors[field],
      isReadOnly: isSubmitting,
      onChange: (value: string) => send({ type: 'registration.change', field, value }),
      onBlur: () => send({ type: 'registration.blur', field }),
    }),
    /** the captcha picture's address: a new time, a new picture */
    captchaSrc,
    /** «Обновить картинку»: the machine asks its clock for the new picture's time */
    getRefreshProps: () => ({ isDisabled: isSubmitting, onPress: () => send({ type: 'registration.refreshCaptcha' }) }),
    /** the server's refusal or the network message, in red below the fields, or null */
    alert: (phase === 'failed' || phase === 'networkError') && message ? message : null,
    getSubmitProps: () => ({ type: 'submit' as const, variant: 'primary' as const, isDisabled: isSubmitting }),
    submit: () => send({ type: 'registration.submit' }),
  }
}

export const connect = (snapshot: RegistrationSnapshot, send: Send) => connectState(registrationStateOf(snapshot), send)

export type RegistrationApi = ReturnType<typeof connectState>

export const useRegistrationApi = (registration: ActorRefFrom<typeof registrationMachine>): RegistrationApi =>
  useViewModel(registration, registrationStateOf, connectState)
