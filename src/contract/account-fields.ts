import * as z from 'zod/mini'
import { lineText, REQUIRED_MESSAGE } from './common'

/**
 * The rules of an account's own fields, apart from the registration form's: registration, the
 * profile's «Личные данные» and «Смена пароля», and the callback check these, so the profile and
 * the callback dialog need neither the INN's rule nor the rest of the form.
 */
export const PHONE_PATTERN = /^\+7 \(\d{3}\) \d{3}-\d{2}-\d{2}$/

/** A person's name, one line. */
export const personNameSchema = lineText().check(z.minLength(1, REQUIRED_MESSAGE), z.maxLength(200))

/** A phone in the mask's form +7 (xxx) xxx-xx-xx. */
export const phoneSchema = z.string().check(z.regex(PHONE_PATTERN, 'Телефон в формате +7 (xxx) xxx-xx-xx'))

/** a secret, not text: any character goes, since only its hash is kept */
export const passwordSchema = z.string().check(z.minLength(8, 'Пароль не короче 8 символов'), z.maxLength(200))

/** The fields the profile and the callback check one by one. */
export const CONTACT_FIELD_SCHEMAS = { name: personNameSchema, phone: phoneSchema } as const
export type ContactField = keyof typeof CONTACT_FIELD_SCHEMAS
