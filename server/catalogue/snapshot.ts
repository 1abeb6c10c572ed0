import type { Db } from '../db/connection'
import type { CatalogueSnapshot } from './snapshot-columns'
import { loadSnapshot, readVersions, type Versions } from './snapshot-load'

export type { CatalogueSnapshot } from './snapshot-columns'

interface Cache {
  snapshot?: CatalogueSnapshot
  /** the reload under way, if any */
  loading?: Promise<CatalogueSnapshot>
  /** by warehouse: the versions the flags were read at, and the flags */
  availability: Map<number, { key: string; flags: Promise<Uint8Array> }>
}
const caches = new WeakMap<Db, Cache>()

/** How a fresh copy is read: tests put a held or failing one here. */
export const snapshotLoader = { load: loadSnapshot }

function cacheOf(db: Db): Cache {
  let cache = caches.get(db)
  if (!cache) {
    cache = { availability: new Map() }
    caches.set(db, cache)
  }
  return cache
}

/**
 * One reload at a time. The fresh copy replaces the served one only when it is newer, so no
 * request ever gets a copy older than one already served.
 */
function reload(db: Db, cache: Cache): Promise<CatalogueSnapshot> {
  cache.loading ??= snapshotLoader
    .load(db)
    .then((fresh) => {
      if (!cache.snapshot || fresh.version > cache.snapshot.version) cache.snapshot = fresh
      return fresh
    })
    .finally(() => (cache.loading = undefined))
  return cache.loading
}

/**
 * The catalogue: one small query per call for the versions. After a change the served copy keeps
 * answering while a fresh one is read in the background (about 1.5 s at 100 000 products) and
 * swapped in when ready; only the very first call waits for a copy. A failed background reload is
 * logged and the served copy stays; the next request tries again.
 */
export async function currentCatalogue(db: Db): Promise<{ snapshot: CatalogueSnapshot; versions: Versions }> {
  const cache = cacheOf(db)
  const versions = await readVersions(db.kysely)
  while (!cache.snapshot) await reload(db, cache)
  if (cache.snapshot.version < versions.catalogue && !cache.loading) {
    reload(db, cache).catch((error: unknown) => console.error('Каталог не перечитан, ответы идут из прежней копии:', error))
  }
  return { snapshot: cache.snapshot, versions }
}

/**
 * Waits until the served copy holds every catalogue change committed before the call: for tests
 * and scripts that change the catalogue and then read it. Rejects when a reload fails.
 */
export async function whenCurrent(db: Db): Promise<CatalogueSnapshot> {
  const cache = cacheOf(db)
  const { catalogue } = await readVersions(db.kysely)
  // a reload that started before the change may come back older: then another one
  while (!cache.snapshot || cache.snapshot.version < catalogue) await reload(db, cache)
  return cache.snapshot
}

/** Which products (by position) have free stock at the warehouse, read once per stock version. */
export function availableAt(db: Db, snapshot: CatalogueSnapshot, warehouseId: number, stockVersion: number): Promise<Uint8Array> {
  const cache = cacheOf(db)
  const key = `${snapshot.version}:${stockVersion}`
  const cached = cache.availability.get(warehouseId)
  if (cached?.key === key) return cached.flags
  const flags = db.kysely
    .selectFrom('stocks')
    .select('product_id')
    .where('warehouse_id', '=', warehouseId)
    .where('quantity', '>', 0)
    .execute()
    .then((rows) => {
      const available = new Uint8Array(snapshot.size)
      for (const row of rows) {
        const at = snapshot.positionOf(row.product_id)
        if (at !== undefined) available[at] = 1
      }
      return available
    })
  flags.catch(() => cache.availability.delete(warehouseId))
  cache.availability.set(warehouseId, { key, flags })
  return flags
}
