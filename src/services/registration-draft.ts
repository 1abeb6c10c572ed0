import * as z from 'zod/mini'
import { DRAFT_FIELDS, type RegistrationDraft } from '../contract/registration'
import type { AppStorage } from './storage'

/** sessionStorage key of the registration form's draft (this tab only). */
export const REGISTRATION_DRAFT_KEY = 'cabinet.registrationDraft'

const draftSchema = z.object(Object.fromEntries(DRAFT_FIELDS.map((field) => [field, z.catch(z.optional(z.string().check(z.maxLength(500))), undefined)])))

/** What the tab kept of the form; anything unreadable or foreign counts as no draft. */
export function readRegistrationDraft(storage: AppStorage): RegistrationDraft {
  const text = storage.read(REGISTRATION_DRAFT_KEY)
  if (text === null) return {}
  try {
    const parsed = draftSchema.safeParse(JSON.parse(text))
    return parsed.success ? (Object.fromEntries(Object.entries(parsed.data).filter(([, value]) => value !== undefined)) as RegistrationDraft) : {}
  } catch {
    return {}
  }
}

export function saveRegistrationDraft(storage: AppStorage, draft: RegistrationDraft): void {
  if (Object.keys(draft).length === 0) storage.remove(REGISTRATION_DRAFT_KEY)
  else storage.write(REGISTRATION_DRAFT_KEY, JSON.stringify(draft))
}

export function forgetRegistrationDraft(storage: AppStorage): void {
  storage.remove(REGISTRATION_DRAFT_KEY)
}
