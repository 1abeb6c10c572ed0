import { registrationRequestSchema } from '../contract/registration'
import { ruleError } from './contact-fields'

/** The registration form's fields and their rules, apart from its machine (the profile and the callback check theirs with contact-fields.ts). */
export const REGISTRATION_FIELDS = ['company', 'inn', 'name', 'email', 'phone', 'password', 'captcha'] as const
export type RegistrationField = (typeof REGISTRATION_FIELDS)[number]

/** The message a field shows: required first, then the contract's own rule (spec §5, the wire schema). */
export const fieldError = (field: RegistrationField, value: string): string | null => ruleError(field, registrationRequestSchema.shape[field], value)
