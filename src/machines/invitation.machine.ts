import { assign, setup, type ActorRefFrom } from 'xstate'
import { INVITATION_MESSAGES, PASSWORD_MIN_LENGTH, type InvitationRequest, type InvitationResponse } from '../contract/managers'
import { submittedForm } from './confirmed-call'
import { errorMessageOf, unprovidedPromise } from './machine-support'

export interface InvitationInput {
  /** ?token= of the invitation link */
  token: string
}

export interface InvitationContext {
  token: string
  /** the server's refusal or the form's own check; null when none */
  message: string | null
  /** the signed-up e-mail, shown with the link to the login page */
  email: string | null
}

export type InvitationEvent = { type: 'password.set'; password: string; password2: string } | { type: 'password.edit' }

/** What the form says of two passwords before sending them, or null when they may go. */
export function passwordProblem(password: string, password2: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return INVITATION_MESSAGES.passwordTooShort
  return password === password2 ? null : INVITATION_MESSAGES.passwordsDiffer
}

const passwordsOf = (event: InvitationEvent) => (event.type === 'password.set' ? event : { password: '', password2: '' })

const invitationSetup = setup({
  types: {} as { context: InvitationContext; events: InvitationEvent; input: InvitationInput },
  actors: {
    acceptInvitation: unprovidedPromise<InvitationResponse, InvitationRequest>('acceptInvitation'),
  },
  guards: {
    arePasswordsFine: ({ event }) => {
      const { password, password2 } = passwordsOf(event)
      return passwordProblem(password, password2) === null
    },
  },
  actions: {
    storeProblem: assign({ message: ({ event }) => passwordProblem(passwordsOf(event).password, passwordsOf(event).password2) }),
    storeError: assign({ message: (_, params: { error: unknown }) => errorMessageOf(params.error) }),
    storeEmail: assign({ email: (_, params: { email: string }) => params.email, message: null }),
    resetMessage: assign({ message: null }),
  },
})

/** /invitation/?token=: the invited manager sets its password once (POST /api/invitation/), then signs in as usual. */
export const invitationMachine = invitationSetup.createMachine({
  id: 'invitation',
  description: "A new manager's invitation link: a password and its repeat, checked here and by the server; a used or expired link says so.",
  context: ({ input }) => ({ token: input.token, message: null, email: null }),
  initial: 'form',
  states: {
    ...submittedForm(invitationSetup, {
      form: {
        state: 'form',
        description: 'The "Пароль" and "Повторите пароль" fields and «Сохранить пароль»',
        submit: { event: 'password.set', guard: 'arePasswordsFine', description: 'Two equal passwords of 8 characters or more', actions: 'resetMessage' },
        incomplete: { state: 'invalid', description: 'A short password or two different ones: no call', actions: 'storeProblem' },
        idle: { description: 'No message' },
        messages: {
          invalid: { description: '"Пароль не короче 8 символов" or "Пароли не совпадают"' },
          refused: { description: 'The server refused: the link is used, expired or unknown (its message), or no connection' },
        },
        edit: { event: 'password.edit', description: 'Typing again clears the message', actions: 'resetMessage' },
      },
      call: {
        state: 'sending',
        description: 'POST /api/invitation/ {token, password, password2} runs; the button is disabled',
        invoke: {
          id: 'acceptInvitation',
          src: 'acceptInvitation',
          input: ({ context, event }) => ({ token: context.token, ...passwordsOf(event) }),
          onDone: { target: 'done', actions: { type: 'storeEmail', params: ({ event }) => ({ email: event.output.email }) } },
          onError: { target: 'form.refused', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
        },
      },
    }),
    done: { type: 'final', description: '"Пароль сохранён…" with a link to the login page' },
  },
})

export type InvitationActor = ActorRefFrom<typeof invitationMachine>
