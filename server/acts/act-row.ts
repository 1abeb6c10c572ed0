import { ruDayOf, type Act, type ActState } from '../../src/contract/acts'

export interface ActRow {
  id: number
  contract_id: number
  contract: string
  contragent_id: number
  contragent: string
  start_day: string
  end_day: string
  state: string
  created_at: string
}

/** An act as the API answers it. */
export const toAct = (row: ActRow): Act => ({
  id: row.id,
  contract_id: String(row.contract_id),
  contract: row.contract,
  contragent_id: String(row.contragent_id),
  contragent: row.contragent,
  startdate: ruDayOf(row.start_day),
  enddate: ruDayOf(row.end_day),
  state: row.state as ActState,
  created_at: row.created_at,
})
