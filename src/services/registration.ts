import { fromPromise } from 'xstate'
import type * as z from 'zod/mini'
import { registrationResponseSchema, reminderResponseSchema, type RegistrationRequest, type RegistrationResponse } from '../contract/registration'
import { ApiCallError, type Http } from './http'

/** GET /registration/captcha?t=…: a new time makes the browser fetch a new image (and the server a new code). */
export const captchaUrl = (time: number) => `/registration/captcha?t=${time}`

/** The server's {state, message}, and when it came: a refusal's new captcha is asked with that time. */
export interface RegistrationAnswer extends RegistrationResponse {
  answeredAt: number
}

/** The answer's body when the server answered with an error status in the call's own shape. */
function answerIn<S extends z.ZodMiniType>(error: unknown, schema: S): z.output<S> | null {
  if (!(error instanceof ApiCallError) || error.status === 0) return null
  const parsed = schema.safeParse(error.body)
  return parsed.success ? parsed.data : null
}

/**
 * POST /registration/: resolves with the server's {state, message} whatever the status (a wrong
 * captcha is 200, a bad field 400, too many attempts 429); only a call without an answer rejects.
 */
export const createRegistrationActors = (deps: { http: Http }) => ({
  submitRegistration: fromPromise(async ({ input, signal }: { input: RegistrationRequest; signal: AbortSignal }): Promise<RegistrationAnswer> => {
    const answer = await deps.http.postUrl('/registration/', input, registrationResponseSchema, signal).catch((error: unknown) => {
      const refusal = answerIn(error, registrationResponseSchema)
      if (refusal) return refusal
      throw error
    })
    return { ...answer, answeredAt: Date.now() }
  }),
})

/**
 * POST /reminder/ {email}: resolves with {result, message} of a 200 answer; a refusal (400 empty,
 * 429 too many attempts) rejects with the server's message, as does a call without an answer.
 */
export const createReminderActors = (deps: { http: Http }) => ({
  sendReminder: fromPromise(({ input, signal }: { input: { email: string }; signal: AbortSignal }) =>
    deps.http.postUrl('/reminder/', input, reminderResponseSchema, signal),
  ),
})
