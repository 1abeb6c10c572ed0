import { REQUIRED_MESSAGE, registrationRequestSchema } from '../contract/registration'
import { formatPhone, phoneDigits } from './phone'
import { isBlank } from './required-fields'

/**
 * The registration form's fields and their rules, apart from its machine: the profile's details
 * and the callback's phone check the same rules without the form's machine and captcha in their chunk.
 */
export const REGISTRATION_FIELDS = ['company', 'inn', 'name', 'email', 'phone', 'password', 'captcha'] as const
export type RegistrationField = (typeof REGISTRATION_FIELDS)[number]

/** The message a field shows: required first, then the contract's own rule (spec §5, the wire schema). */
export function fieldError(field: RegistrationField, value: string): string | null {
  const isEmpty = field === 'phone' ? phoneDigits(value) === '' : isBlank(value)
  if (isEmpty) return REQUIRED_MESSAGE
  const result = registrationRequestSchema.shape[field].safeParse(field === 'phone' ? formatPhone(value) : value)
  return result.success ? null : (result.error.issues[0]?.message ?? REQUIRED_MESSAGE)
}
