import { ACTS_DEFAULTS, ACTS_MESSAGES, type ActContract, type ActsQueryInput } from '../contract/acts'
import { ruDateParts } from '../contract/order-periods'
import { ACT_REQUEST_PERIOD, OPEN_PERIOD, periodProblem, type PeriodProblem } from '../contract/period-rule'

const pad = (n: number) => String(n).padStart(2, '0')

/** The same day `months` months earlier, kept inside a shorter month (31.03 → 28.02 or 29.02). */
export function monthsBefore(day: string, months: number): string {
  const parts = ruDateParts(day)
  if (!parts) return day
  const [year, month, date] = parts
  const first = new Date(Date.UTC(year, month - 1 - months, 1))
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate()
  return `${pad(Math.min(date, last))}.${pad(first.getUTCMonth() + 1)}.${first.getUTCFullYear()}`
}

/** Spec §9: the list shows the last 12 months; the request asks one month back to today. */
const LIST_PERIOD_MONTHS = 12
const REQUEST_PERIOD_MONTHS = 1

export interface ActsFilter {
  contract: string
  contragent: string
  startDate: string
  endDate: string
}

export const defaultActsFilter = (today: string): ActsFilter => ({
  contract: ACTS_DEFAULTS.contract,
  contragent: ACTS_DEFAULTS.contragent,
  startDate: monthsBefore(today, LIST_PERIOD_MONTHS),
  endDate: today,
})

/** GET /api/getActs/'s query for a filter and page. */
export const actsQueryOf = (filter: ActsFilter, page: number): ActsQueryInput => ({ ...filter, page, perpage: ACTS_DEFAULTS.perpage })

/** Why the list's period cannot be applied, or null: each date empty or real, the start not after the end. */
export const filterError = ({ startDate, endDate }: ActsFilter): string | null => actsMessageOf(periodProblem(startDate, endDate, OPEN_PERIOD))

/** The acts' texts for a period's problem: one for any date that names no day, the spec's own for the order of the dates. */
const actsMessageOf = (problem: PeriodProblem | null): string | null => problem && ACTS_MESSAGES[problem.kind]

export interface ActFieldsDraft {
  contract_id: string
  contragent_id: string
  startdate: string
  enddate: string
}
export type ActField = keyof ActFieldsDraft

/** The request form's first values: the list's contract (or the first one), its contragent, one month back to today. */
export function defaultActFields(contracts: readonly ActContract[], preferredContract: string, today: string): ActFieldsDraft {
  const contract = contracts.find((c) => c.id === preferredContract) ?? contracts[0]
  return {
    contract_id: contract?.id ?? '',
    contragent_id: contract?.contragent_id ?? '',
    startdate: monthsBefore(today, REQUEST_PERIOD_MONTHS),
    enddate: today,
  }
}

/**
 * The form after one field changed. A contract (any the user may use) brings its contragent; a contragent keeps the
 * contract only when it is the contragent's, else takes the contragent's first contract.
 */
export function withActField(fields: ActFieldsDraft, contracts: readonly ActContract[], field: ActField, value: string): ActFieldsDraft {
  if (field === 'contract_id') {
    return { ...fields, contract_id: value, contragent_id: contracts.find((c) => c.id === value)?.contragent_id ?? fields.contragent_id }
  }
  if (field === 'contragent_id') {
    const keeps = contracts.some((c) => c.id === fields.contract_id && c.contragent_id === value)
    return { ...fields, contragent_id: value, contract_id: keeps ? fields.contract_id : (contracts.find((c) => c.contragent_id === value)?.id ?? '') }
  }
  return { ...fields, [field]: value }
}

/** Spec §5: why the request cannot be sent, or null; the period rule's text is the spec's own. */
export function actFieldsError(fields: ActFieldsDraft, contracts: readonly ActContract[]): string | null {
  if (fields.contragent_id === '') return ACTS_MESSAGES.contragentRequired
  if (fields.contract_id === '') return ACTS_MESSAGES.contractRequired
  if (!contracts.some((c) => c.id === fields.contract_id && c.contragent_id === fields.contragent_id)) return ACTS_MESSAGES.contragentMismatch
  return actsMessageOf(periodProblem(fields.startdate, fields.enddate, ACT_REQUEST_PERIOD))
}
