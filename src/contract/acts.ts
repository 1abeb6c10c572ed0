import * as z from 'zod/mini'
import { contractSchema } from './account'
import { contractId, idNumber, intIn, paginationSchema } from './catalogue'
import { ruDateParts } from './order-periods'
import { ACT_REQUEST_PERIOD, ORDERS_MESSAGES, periodProblem } from './period-rule'

/** Spec §2, §9: acts 20 per page; contract and contragent '0' = all the user may use. */
export const ACTS_DEFAULTS = { contract: '0', contragent: '0', page: 1, perpage: 20, maxPerpage: 100 } as const

export const ACTS_MESSAGES = {
  /** spec §5, to the letter */
  badPeriod: 'Ошибка во временных периодах: дата начала периода больше или равна дате конца периода',
  badDate: ORDERS_MESSAGES.badDate,
  contractRequired: 'Выберите договор',
  contragentRequired: 'Выберите контрагента',
  contragentMismatch: 'Контрагент не относится к выбранному договору',
  notFound: 'Акт не найден',
  notReady: 'Акт ещё формируется',
} as const

/** queued and working are «Формируется» to the dealer; failed means the worker could not build the file. */
const ACT_STATES = ['queued', 'working', 'ready', 'failed'] as const
export type ActState = (typeof ACT_STATES)[number]
export const ACT_STATE_LABELS: Record<ActState, string> = {
  queued: 'Формируется',
  working: 'Формируется',
  ready: 'Готов',
  failed: 'Ошибка формирования',
}

const pad = (n: number) => String(n).padStart(2, '0')

/** yyyy-mm-dd of a real dd.mm.yyyy date (the stored form), or null. */
export function isoDayOf(text: string): string | null {
  const parts = ruDateParts(text)
  return parts ? `${parts[0]}-${pad(parts[1])}-${pad(parts[2])}` : null
}

/** dd.mm.yyyy of a yyyy-mm-dd day. */
export const ruDayOf = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`

/** Spec §5: the start must be earlier than the end (both real dates). */
const isPeriodOrdered = (start: string, end: string) => periodProblem(start, end, ACT_REQUEST_PERIOD) === null

/** A dd.mm.yyyy date that names a real day (31.02 does not). */
const requiredRuDate = z.string(ACTS_MESSAGES.badDate).check(
  z.trim(),
  z.refine((text) => ruDateParts(text) !== null, ACTS_MESSAGES.badDate),
)

/** A list bound: a real dd.mm.yyyy date, or '' for none. */
const optionalRuDate = z._default(
  z.string().check(
    z.trim(),
    z.refine((text) => text === '' || ruDateParts(text) !== null, ACTS_MESSAGES.badDate),
  ),
  '',
)

/** GET /api/getActs/ {contract, contragent, startDate, endDate, page, perpage}: acts requested within the period. */
export const actsQuerySchema = z.object({
  contract: z._default(contractId, ACTS_DEFAULTS.contract),
  contragent: z._default(contractId, ACTS_DEFAULTS.contragent),
  startDate: optionalRuDate,
  endDate: optionalRuDate,
  page: z._default(intIn(1, 1_000_000), ACTS_DEFAULTS.page),
  perpage: z._default(intIn(1, ACTS_DEFAULTS.maxPerpage), ACTS_DEFAULTS.perpage),
})
export type ActsQuery = z.output<typeof actsQuerySchema>
export type ActsQueryInput = z.input<typeof actsQuerySchema>

/** POST /api/act/ {act{contract_id, contragent_id, startdate, enddate}} (spec §7). */
export const actRequestSchema = z.object({
  act: z
    .object({
      contract_id: idNumber,
      contragent_id: idNumber,
      startdate: requiredRuDate,
      enddate: requiredRuDate,
    })
    .check(z.refine((act) => isPeriodOrdered(act.startdate, act.enddate), { message: ACTS_MESSAGES.badPeriod, path: ['startdate'] })),
})
export type ActRequest = z.input<typeof actRequestSchema>
export type ActFields = z.output<typeof actRequestSchema>['act']

const actSchema = z.object({
  id: z.int(),
  contract_id: z.string(),
  contract: z.string(),
  contragent_id: z.string(),
  contragent: z.string(),
  /** dd.mm.yyyy */
  startdate: z.string(),
  enddate: z.string(),
  state: z.enum(ACT_STATES),
  /** ISO time of the request */
  created_at: z.string(),
})
export type Act = z.infer<typeof actSchema>

export const actResponseSchema = z.object({ act: actSchema })
export type ActResponse = z.infer<typeof actResponseSchema>

/** A contract the user may use, with the contragent it belongs to. */
const actContractSchema = z.extend(contractSchema, { contragent_id: z.string() })
export type ActContract = z.infer<typeof actContractSchema>

const actContragentSchema = z.object({ id: z.string(), company: z.string() })

export const actsResponseSchema = z.object({
  acts: z.array(actSchema),
  contracts: z.array(actContractSchema),
  contragents: z.array(actContragentSchema),
  count: z.int().check(z.nonnegative()),
  pagination: paginationSchema,
})
export type ActsResponse = z.infer<typeof actsResponseSchema>

/** GET /api/act/{id}/file: the ready act as an XLSX file. */
export const actFilePath = (id: number) => `/api/act/${id}/file`
export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
