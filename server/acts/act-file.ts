import { ACTS_MESSAGES, ruDayOf } from '../../src/contract/acts'
import type { SessionUser } from '../auth/sessions'
import type { Db } from '../db/connection'
import { HttpError } from '../validation'
import { safeFileName, type XlsxFile } from '../xlsx-file'
import { actContracts, scopedActs } from './act-scope'

/** The ready act's XLSX: 404 unless it is the company's under a contract the user may use, 409 while it is being built. */
export async function readActFile(db: Db, user: SessionUser, id: number): Promise<XlsxFile> {
  const contracts = await actContracts(db, user)
  const row = await scopedActs(
    db,
    user.customer_id,
    contracts.map((c) => Number(c.id)),
  )
    .select(['acts.state', 'acts.file', 'acts.start_day', 'acts.end_day', 'contracts.header as contract'])
    .where('acts.id', '=', id)
    .executeTakeFirst()
  if (!row) throw new HttpError(404, ACTS_MESSAGES.notFound)
  if (row.state !== 'ready' || !row.file) throw new HttpError(409, ACTS_MESSAGES.notReady)
  return {
    bytes: Buffer.from(row.file),
    fileName: safeFileName(`Акт сверки ${row.contract} ${ruDayOf(row.start_day)}-${ruDayOf(row.end_day)}.xlsx`),
  }
}
