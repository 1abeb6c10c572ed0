import * as z from 'zod/mini'
import { accountSchema } from './account'
import { lineText } from './common'

export const loginRequestSchema = z.object({
  email: lineText().check(z.minLength(1), z.maxLength(254)),
  /** a secret, not text: any character goes, since only its hash is kept */
  password: z.string().check(z.minLength(1), z.maxLength(200)),
})
export type LoginRequest = z.infer<typeof loginRequestSchema>

/** POST /api/logout/ takes no fields (an empty JSON object or no body). */
export const logoutRequestSchema = z.optional(z.strictObject({}))

/** POST /api/login/ answers the signed-in account. */
export const sessionResponseSchema = z.object({ account: accountSchema })

/**
 * GET /api/session/ answers the signed-in account, or null when nobody is signed in: asking is
 * not an error, so a signed-out start logs no failed request in the browser's console.
 */
export const sessionStateSchema = z.object({ account: z.nullable(accountSchema) })

export const AUTH_MESSAGES = {
  wrongCredentials: 'Неверный e-mail или пароль',
  notApproved: 'Ваша регистрация ещё не одобрена администратором. Мы сообщим вам по e-mail, когда доступ будет открыт.',
  rejected: 'Ваша регистрация отклонена администратором.',
  disabled: 'Доступ для этого пользователя отключён.',
  noSession: 'Войдите в кабинет',
  tooManyAttempts: 'Слишком много попыток. Повторите через минуту.',
  forbidden: 'Нет доступа',
  csrf: 'Запрос отклонён: неверный источник',
} as const
