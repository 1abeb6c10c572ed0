import * as z from 'zod/mini'
import { idNumber } from './catalogue'
import { lineText, REQUIRED_MESSAGE } from './common'
import { innSchema, optionalKppSchema } from './inn'

const CONTRAGENT_COMPANY_MAX_LENGTH = 200

export const CONTRAGENT_MESSAGES = {
  /** spec §8, to the letter */
  duplicate: 'Этот контрагент уже зарегистрирован',
  notFound: 'Контрагент не найден',
  /** spec §6: only a main account reaches the contragents' calls */
  mainAccountOnly: 'Контрагентами управляет только основной аккаунт компании',
  hasContracts: 'Нельзя удалить контрагента, по которому заключены договоры',
  companyRequired: REQUIRED_MESSAGE,
  companyTooLong: `Название не длиннее ${CONTRAGENT_COMPANY_MAX_LENGTH} символов`,
} as const

const CONTRAGENT_STATES = ['active', 'inactive'] as const
export type ContragentState = (typeof CONTRAGENT_STATES)[number]

/** A counterparty (legal entity or entrepreneur) of the company: spec §3 "id, company, new flag, state", with its INN and KPP. */
const contragentSchema = z.object({
  id: z.int(),
  company: z.string(),
  inn: z.string(),
  /** '' when none was entered (an individual entrepreneur has none) */
  kpp: z.string(),
  /** added by the dealer and not yet checked by the supplier */
  is_new: z.boolean(),
  state: z.enum(CONTRAGENT_STATES),
})
export type Contragent = z.infer<typeof contragentSchema>

/** GET /api/contragent/: the company's contragents (the deleted ones left out), in the order they were added. */
export const contragentsResponseSchema = z.object({ contragents: z.array(contragentSchema) })
export type ContragentsResponse = z.infer<typeof contragentsResponseSchema>

/** POST /api/contragent/ (add) and PUT /api/contragent/{id}/ (edit): the form of /tpl/contragent_form.html. */
export const contragentFormSchema = z.object({
  company: lineText().check(
    z.minLength(1, CONTRAGENT_MESSAGES.companyRequired),
    z.maxLength(CONTRAGENT_COMPANY_MAX_LENGTH, CONTRAGENT_MESSAGES.companyTooLong),
  ),
  inn: innSchema,
  kpp: z._default(optionalKppSchema, ''),
})
export type ContragentFields = keyof z.output<typeof contragentFormSchema>

/** The answer of an add, an edit, an activation or a deactivation: the contragent as it is now. */
export const contragentResponseSchema = z.object({ contragent: contragentSchema })
export type ContragentResponse = z.infer<typeof contragentResponseSchema>

/** DELETE /api/contragent/{id}/: how many contragents are left. */
export const contragentRemovedResponseSchema = z.object({ count: z.int().check(z.nonnegative()) })
export type ContragentRemovedResponse = z.infer<typeof contragentRemovedResponseSchema>

/** /api/contragent/{id}/ */
export const contragentIdParamsSchema = z.object({ id: idNumber })

/** The legacy POST /ajax/activateagent/ and /ajax/deactivateagent/ {id} (form-encoded or JSON). */
export const contragentStateRequestSchema = z.object({ id: idNumber })

/** The first message of each field of a form as typed, null where the field is right (the client shows them under the fields). */
export function contragentFormErrors(form: { company: string; inn: string; kpp: string }): Record<ContragentFields, string | null> {
  const shape = contragentFormSchema.shape
  const first = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
    result.success ? null : (result.error?.issues[0]?.message ?? null)
  return { company: first(shape.company.safeParse(form.company)), inn: first(shape.inn.safeParse(form.inn)), kpp: first(shape.kpp.safeParse(form.kpp)) }
}
