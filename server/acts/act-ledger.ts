import { CANCELLED_ORDER_STATE } from '../../src/contract/orders'
import type { Db } from '../db/connection'
import { moscowDayEnd, moscowDayStart, moscowRuDate } from './period'

interface LedgerEntry {
  /** ISO moment, for the order of the rows */
  at: string
  /** dd.mm.yyyy, Moscow */
  date: string
  document: string
  /** what the dealer owes for it (an order) */
  debit: number
  /** what the dealer paid (a payment) */
  credit: number
}

/** The figures of a reconciliation act: a positive balance is the dealer's debt to the supplier. */
export interface ActLedger {
  contract: string
  contragent: string
  /** yyyy-mm-dd, both included */
  startDay: string
  endDay: string
  opening: number
  entries: LedgerEntry[]
  debit: number
  credit: number
  closing: number
}

export interface ActSubject {
  customer_id: number
  contract_id: number
  contragent_id: number
  start_day: string
  end_day: string
}

const roundKopecks = (roubles: number) => Math.round(roubles * 100) / 100
const sumOf = (values: readonly number[]) => roundKopecks(values.reduce((total, value) => total + value, 0))

/** The contract's orders (not cancelled) and payments before and within the act's period, with the balances. */
export async function buildLedger(db: Db, act: ActSubject): Promise<ActLedger> {
  const [from, to] = [moscowDayStart(act.start_day), moscowDayEnd(act.end_day)]
  const [names, orders, payments] = await Promise.all([
    db.kysely
      .selectFrom('contracts')
      .innerJoin('contragents', 'contragents.id', 'contracts.contragent_id')
      .select(['contracts.header', 'contragents.company'])
      .where('contracts.id', '=', act.contract_id)
      .executeTakeFirstOrThrow(),
    db.kysely
      .selectFrom('orders')
      .select(['id', 'sum', 'created_at'])
      .where('customer_id', '=', act.customer_id)
      .where('contract_id', '=', act.contract_id)
      .where('state', '!=', CANCELLED_ORDER_STATE)
      .where('created_at', '<', to)
      .execute(),
    db.kysely
      .selectFrom('payments')
      .select(['document', 'sum', 'paid_at'])
      .where('customer_id', '=', act.customer_id)
      .where('contract_id', '=', act.contract_id)
      .where('paid_at', '<', to)
      .execute(),
  ])
  const before = (at: string) => at < from
  const opening = roundKopecks(
    sumOf(orders.filter((o) => before(o.created_at)).map((o) => o.sum)) - sumOf(payments.filter((p) => before(p.paid_at)).map((p) => p.sum)),
  )
  const entries: LedgerEntry[] = [
    ...orders
      .filter((o) => !before(o.created_at))
      .map((o) => ({ at: o.created_at, date: moscowRuDate(o.created_at), document: `Заказ № ${o.id}`, debit: roundKopecks(o.sum), credit: 0 })),
    ...payments
      .filter((p) => !before(p.paid_at))
      .map((p) => ({ at: p.paid_at, date: moscowRuDate(p.paid_at), document: p.document, debit: 0, credit: roundKopecks(p.sum) })),
  ].sort((a, b) => a.at.localeCompare(b.at))
  const debit = sumOf(entries.map((e) => e.debit))
  const credit = sumOf(entries.map((e) => e.credit))
  return {
    contract: names.header,
    contragent: names.company,
    startDay: act.start_day,
    endDay: act.end_day,
    opening,
    entries,
    debit,
    credit,
    closing: roundKopecks(opening + debit - credit),
  }
}
