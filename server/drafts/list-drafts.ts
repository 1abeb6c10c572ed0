import type { DraftsQuery, DraftsResponse } from '../../src/contract/drafts'
import type { Db } from '../db/connection'

export async function countDrafts(db: Db, userId: number): Promise<number> {
  const row = await db.kysely
    .selectFrom('drafts')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

/** GET /api/drafts/: one page of the user's own drafts, newest first, with their lines and units. */
export async function listDrafts(db: Db, userId: number, { page, perpage }: DraftsQuery): Promise<DraftsResponse> {
  const [rows, count] = await Promise.all([
    db.kysely
      .selectFrom('drafts')
      .leftJoin('draft_lines', 'draft_lines.draft_id', 'drafts.id')
      .select((eb) => [
        'drafts.id',
        'drafts.header',
        'drafts.contract_id',
        'drafts.created_at',
        eb.fn.count<number>('draft_lines.id').as('count'),
        eb.fn.coalesce(eb.fn.sum<number>('draft_lines.qnt'), eb.lit(0)).as('qnt'),
      ])
      .where('drafts.user_id', '=', userId)
      .groupBy(['drafts.id', 'drafts.header', 'drafts.contract_id', 'drafts.created_at'])
      .orderBy('drafts.created_at', 'desc')
      .orderBy('drafts.id', 'desc')
      .limit(perpage)
      .offset((page - 1) * perpage)
      .execute(),
    countDrafts(db, userId),
  ])
  return {
    drafts: rows.map((row) => ({
      id: row.id,
      header: row.header,
      count: Number(row.count),
      qnt: Number(row.qnt),
      contract: String(row.contract_id),
      created_at: row.created_at,
    })),
    count,
    pagination: { page, perpage, pages: Math.ceil(count / perpage) },
  }
}
