import type * as z from 'zod/mini'
import { CONTACT_FIELD_SCHEMAS, type ContactField } from '../contract/account-fields'
import { REQUIRED_MESSAGE } from '../contract/common'
import { formatPhone, phoneDigits } from './phone'
import { isBlank } from './required-fields'

/**
 * The message a field shows: required first, then the contract's own rule (spec §5, the wire
 * schema). A phone is empty without digits and is checked in the mask's form.
 */
export function ruleError(field: string, rule: z.ZodMiniType, value: string): string | null {
  const isEmpty = field === 'phone' ? phoneDigits(value) === '' : isBlank(value)
  if (isEmpty) return REQUIRED_MESSAGE
  const result = rule.safeParse(field === 'phone' ? formatPhone(value) : value)
  return result.success ? null : (result.error.issues[0]?.message ?? REQUIRED_MESSAGE)
}

/** The name's or the phone's message by registration's rules, without the registration form's (the profile, the callback). */
export const contactFieldError = (field: ContactField, value: string): string | null => ruleError(field, CONTACT_FIELD_SCHEMAS[field], value)
