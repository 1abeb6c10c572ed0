import { expect, vi } from 'vitest'
import type { PricePolicy } from '../../src/contract/price-policy'
import { whenCurrent, type CatalogueSnapshot } from '../../server/catalogue/snapshot'
import { ORDER_KEYS } from '../../server/catalogue/snapshot-columns'
import type { Db } from '../../server/db/connection'
import { IO_WAIT } from './waits'

/** The copy of the catalogue once its background work is done: the totals per category counted and every order sorted. */
export async function servedCatalogue(db: Db): Promise<CatalogueSnapshot> {
  const s = await whenCurrent(db)
  await vi.waitFor(() => expect(s.totals() !== undefined && ORDER_KEYS.every(([name, direction]) => s.sortedBy(name, direction))).toBe(true), IO_WAIT)
  return s
}

/** One price policy of each kind. */
export const PRICE_POLICIES: PricePolicy[] = [
  { type: 'contract', markup: 0 },
  { type: 'rrc', markup: 0 },
  { type: 'markup', markup: 12.5 },
]
