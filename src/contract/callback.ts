import * as z from 'zod/mini'
import { phoneSchema } from './account-fields'
import { lineText, REQUIRED_MESSAGE } from './common'

/** The callback request's own texts (the required message is spec §5's). */
export const CALLBACK_MESSAGES = {
  required: REQUIRED_MESSAGE,
  sent: 'Заявка принята. Менеджер перезвонит вам в ближайшее время.',
  tooMany: 'Слишком много заявок на звонок. Повторите попытку через час.',
} as const

/** spec §7: the answer's status when the request was taken; any other answer carries a message. */
export const CALLBACK_SUCCESS = 'success'

/** POST /api/callback/ {data{phone, firstname}} (spec §3 Callback, §7): the phone in the mask's form +7 (xxx) xxx-xx-xx. */
export const callbackRequestSchema = z.object({
  data: z.object({
    phone: phoneSchema,
    firstname: lineText().check(z.minLength(1, REQUIRED_MESSAGE), z.maxLength(200)),
  }),
})
export type CallbackRequest = z.infer<typeof callbackRequestSchema>

/** spec §7: status 'success', or a message to show for 2 s (spec §8). */
export const callbackResponseSchema = z.object({ status: z.string(), message: z.optional(z.string()) })
export type CallbackResponse = z.infer<typeof callbackResponseSchema>
