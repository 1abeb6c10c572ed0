import type { Warehouse } from '../../src/contract/account'
import type { Db } from '../db/connection'

export function listWarehouses(db: Db): Promise<Warehouse[]> {
  return db.kysely.selectFrom('warehouses').select(['id', 'header']).orderBy('id').execute()
}
