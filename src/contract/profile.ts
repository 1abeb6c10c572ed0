import * as z from 'zod/mini'
import { accountSchema } from './account'
import { passwordSchema, personNameSchema, phoneSchema } from './account-fields'
import { REQUIRED_MESSAGE } from './common'

export const PROFILE_TEXTS = {
  saved: 'Данные сохранены',
  passwordChanged: 'Пароль изменён. Другие сеансы этого аккаунта завершены.',
  wrongCurrentPassword: 'Неверный текущий пароль',
  passwordsDiffer: 'Пароли не совпадают',
  samePassword: 'Новый пароль совпадает с текущим',
} as const

/**
 * PUT /api/account/{id}/ (or POST with `method: 'put'`): one's own name and phone, checked by the
 * rules registration checks them with.
 */
export const accountDetailsRequestSchema = z.object({
  name: personNameSchema,
  phone: phoneSchema,
})
export type AccountDetailsRequest = z.infer<typeof accountDetailsRequestSchema>

export const accountDetailsResponseSchema = z.object({ account: accountSchema })

/** A password the account chooses: registration's rule. */
export const newPasswordSchema = passwordSchema

/**
 * POST /api/profile/password/: the current password (or a live temporary one from the reminder),
 * the new one and its repeat.
 */
export const passwordChangeRequestSchema = z
  .object({
    /** a secret, not text: any character goes */
    currentPassword: z.string().check(z.minLength(1, REQUIRED_MESSAGE), z.maxLength(200)),
    newPassword: newPasswordSchema,
    repeatPassword: z.string().check(z.maxLength(200)),
  })
  .check(
    z.refine((body) => body.newPassword === body.repeatPassword, { message: PROFILE_TEXTS.passwordsDiffer, path: ['repeatPassword'] }),
    z.refine((body) => body.newPassword !== body.currentPassword, { message: PROFILE_TEXTS.samePassword, path: ['newPassword'] }),
  )
export type PasswordChangeRequest = z.infer<typeof passwordChangeRequestSchema>

/** The answer: how many other sessions of the account were ended. */
export const passwordChangeResponseSchema = z.object({ result: z.literal(1), endedSessions: z.int().check(z.nonnegative()) })
export type PasswordChangeResponse = z.infer<typeof passwordChangeResponseSchema>
