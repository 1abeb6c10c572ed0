import { sql } from 'kysely'
import { isoDayOf, type ActsQuery, type ActsResponse } from '../../src/contract/acts'
import { AUTH_MESSAGES } from '../../src/contract/auth'
import type { SessionUser } from '../auth/sessions'
import type { Db } from '../db/connection'
import { ACT_COLUMNS, actContracts, scopedActs } from './act-scope'
import { toAct } from './act-row'
import { moscowDayEnd, moscowDayStart } from './period'
import { HttpError } from '../validation'

/**
 * GET /api/getActs/: a page of the acts requested within startDate..endDate (Moscow days, both
 * included), newest first, under the contracts the user may use (contract and contragent '0' =
 * all of them), with those contracts and their contragents for the filters and the request form.
 * A contract the user may not use is refused (403), as the orders list and purchased goods do.
 */
type ScopedActs = ReturnType<typeof scopedActs>

const countOf = async (acts: ScopedActs) => (await acts.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow()).count

export async function listActs(db: Db, user: SessionUser, query: ActsQuery): Promise<ActsResponse> {
  const contracts = await actContracts(db, user)
  if (query.contract !== '0' && !contracts.some((c) => c.id === query.contract)) throw new HttpError(403, AUTH_MESSAGES.forbidden)
  const contragents = [...new Map(contracts.map((c) => [c.contragent_id, { id: c.contragent_id, company: c.contragent }])).values()]
  const shown = contracts.filter(
    (c) => (query.contract === '0' || c.id === query.contract) && (query.contragent === '0' || c.contragent_id === query.contragent),
  )
  let acts = scopedActs(
    db,
    user.customer_id,
    shown.map((c) => Number(c.id)),
  )
  const [from, to] = [isoDayOf(query.startDate), isoDayOf(query.endDate)]
  if (from) acts = acts.where('acts.created_at', '>=', moscowDayStart(from))
  if (to) acts = acts.where('acts.created_at', '<', moscowDayEnd(to))
  // the page's rows carry the count of all (one query, one connection, for the most frequent poll); a page past the last has none to carry it
  const rows = await acts
    .select([...ACT_COLUMNS, sql<number>`count(*) over ()`.as('total')])
    .orderBy('acts.created_at', 'desc')
    .orderBy('acts.id', 'desc')
    .limit(query.perpage)
    .offset((query.page - 1) * query.perpage)
    .execute()
  const count = Number(rows[0]?.total ?? (rows.length === 0 && query.page > 1 ? await countOf(acts) : 0))
  return {
    acts: rows.map(toAct),
    contracts,
    contragents,
    count,
    pagination: { page: query.page, perpage: query.perpage, pages: Math.ceil(count / query.perpage) },
  }
}
