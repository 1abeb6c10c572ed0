import * as z from 'zod/mini'
import { accountSchema } from './account'

export const loginRequestSchema = z.object({
  email: z.string().check(z.trim(), z.minLength(1), z.maxLength(254)),
  password: z.string().check(z.minLength(1), z.maxLength(200)),
})
export type LoginRequest = z.infer<typeof loginRequestSchema>

/** POST /api/logout/ takes no fields (an empty JSON object or no body). */
export const logoutRequestSchema = z.optional(z.strictObject({}))

/** POST /api/login/ and GET /api/session/ answer the signed-in account. */
export const sessionResponseSchema = z.object({ account: accountSchema })

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
