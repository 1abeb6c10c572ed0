import * as z from 'zod/mini'
import { passwordSchema, personNameSchema, phoneSchema } from './account-fields'
import { lineText, REQUIRED_MESSAGE, transformed } from './common'
import { innSchema } from './inn'

/** POST /registration/: the fields of an ordinary trade-customer registration. */
export const registrationRequestSchema = z.object({
  company: lineText().check(z.minLength(1, REQUIRED_MESSAGE), z.maxLength(200)),
  inn: innSchema,
  name: personNameSchema,
  email: z.pipe(lineText().check(z.maxLength(254)), z.email('Введите корректный e-mail')),
  phone: phoneSchema,
  password: passwordSchema,
  captcha: lineText().check(z.minLength(1, REQUIRED_MESSAGE), z.maxLength(20)),
})
export type RegistrationRequest = z.infer<typeof registrationRequestSchema>

/** The fields a draft of the form keeps across a reload: a password and a one-time code are never stored. */
export const DRAFT_FIELDS = ['company', 'inn', 'name', 'email', 'phone'] as const satisfies readonly (keyof RegistrationRequest)[]

export const registrationResponseSchema = z.object({
  state: z.string(),
  message: z.string(),
})
export type RegistrationResponse = z.infer<typeof registrationResponseSchema>

export const REGISTRATION_MESSAGES = {
  success: 'Поздравляем! Регистрация прошла успешно. Доступ в кабинет откроется после проверки администратором.',
  captchaWrong: 'Неверный код с картинки',
  captchaExpired: 'Код с картинки устарел, обновите картинку',
  emailTaken: 'Пользователь с таким e-mail уже зарегистрирован',
} as const

/** POST /reminder/ {email} */
export const reminderRequestSchema = z.object({ email: lineText().check(z.maxLength(254)) })
/**
 * The answer: only `result` is relied on (1 sent, anything else unknown); the client shows the
 * spec's own texts (§8), so a backend that sends no message, or a number as a string, still works.
 */
export const reminderResponseSchema = z.object({
  result: transformed(z.union([z.number(), z.string()]), Number),
  message: z.optional(z.string()),
})
export type ReminderResponse = z.infer<typeof reminderResponseSchema>

export const REMINDER_MESSAGES = {
  empty: 'Вы ничего не ввели',
  sent: 'Письмо с вашими данными было отправлено на вашу почту',
  unknown: 'В нашей базе не содержится такого E-mail',
} as const

/** A captcha answer is single-use and expires after 5 minutes. */
export const CAPTCHA_TTL_MS = 300_000
