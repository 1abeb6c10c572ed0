import type { Db } from '../db/connection'
import { timeCatalogue } from '../ops/metrics'
import { createPacer } from './pacing'
import { pruneChanges, readChanges } from './snapshot-changes'
import type { CatalogueSnapshot } from './snapshot-columns'
import type { Versions } from './catalogue-versions'
import { loadSnapshot, readVersions } from './snapshot-load'
import { patchSnapshot } from './snapshot-patch'

export type { CatalogueSnapshot } from './snapshot-columns'

interface Cache {
  snapshot?: CatalogueSnapshot
  /** the reload under way, if any */
  loading?: Promise<CatalogueSnapshot>
  /** the in-place update under way, if any: undefined when the changes are too many for it */
  patching?: Promise<CatalogueSnapshot | undefined>
  /** by warehouse: the versions the flags were read at, and the flags */
  availability: Map<number, { key: string; flags: Promise<Uint8Array> }>
  /** when this process reached which version: the change log is pruned up to one reached long ago */
  reached: { at: number; version: number }[]
}
const caches = new WeakMap<Db, Cache>()

/**
 * Past PATCHED_ROWS products changed in place since the copy was read whole, it is read anew, as
 * the changed products are searched one by one.
 */
const PATCHED_ROWS = 5000
/** How long the change log is kept: another process's copy older than that is read anew. */
const KEEP_CHANGES_MS = 10 * 60_000

/**
 * The served copy with the changes since taken in place, or undefined when it had better be read
 * anew (see readChanges).
 */
async function updateSnapshot(db: Db, served: CatalogueSnapshot): Promise<CatalogueSnapshot | undefined> {
  if (served.patchedRows >= PATCHED_ROWS) return undefined
  const changes = await readChanges(db, served.version, Math.min(snapshotLoader.patchLimit, PATCHED_ROWS - served.patchedRows))
  return changes && patchSnapshot(served, changes, createPacer())
}

/**
 * How a fresh copy is made: tests put a held or failing one here. Up to `patchLimit` changed
 * products are taken into the served copy in place (a new copy sharing the rest); more read it anew.
 */
export const snapshotLoader = { load: loadSnapshot, update: updateSnapshot, patchLimit: 2000 }

function cacheOf(db: Db): Cache {
  let cache = caches.get(db)
  if (!cache) {
    cache = { availability: new Map(), reached: [] }
    caches.set(db, cache)
  }
  return cache
}

/** The fresh copy replaces the served one only when it is newer. */
function serve(db: Db, cache: Cache, fresh: CatalogueSnapshot) {
  if (cache.snapshot && fresh.version <= cache.snapshot.version) return
  cache.snapshot = fresh
  pruneOldChanges(db, cache, fresh.version)
}

/**
 * One reload at a time, reading the whole copy anew. The fresh copy replaces the served one only
 * when it is newer, so no request ever gets a copy older than one already served.
 */
function reload(db: Db, cache: Cache): Promise<CatalogueSnapshot> {
  cache.loading ??= timeCatalogue('load', () => snapshotLoader.load(db))
    .then((fresh) => {
      serve(db, cache, fresh)
      return fresh
    })
    .finally(() => (cache.loading = undefined))
  return cache.loading
}

/**
 * One in-place update at a time, of the served copy: undefined when the changes are too many for
 * it (or a reload is under way, which will bring them).
 */
function patch(db: Db, cache: Cache, served: CatalogueSnapshot): Promise<CatalogueSnapshot | undefined> {
  if (cache.loading) return Promise.resolve(undefined)
  cache.patching ??= timeCatalogue('patch', () => snapshotLoader.update(db, served))
    .then((fresh) => {
      if (fresh) serve(db, cache, fresh)
      return fresh
    })
    .finally(() => (cache.patching = undefined))
  return cache.patching
}

/** Prunes the change log up to the version this process had reached KEEP_CHANGES_MS ago, if any. */
function pruneOldChanges(db: Db, cache: Cache, version: number) {
  const now = Date.now()
  cache.reached.push({ at: now, version })
  let old: number | undefined
  while (cache.reached.length > 1 && cache.reached[0]!.at <= now - KEEP_CHANGES_MS) old = cache.reached.shift()!.version
  if (old !== undefined) pruneChanges(db, old).catch((error: unknown) => console.error('Журнал изменений каталога не сокращён:', error))
}

/** Takes the changes into the served copy, or reads it anew when they are too many for that. */
function catchUp(db: Db, cache: Cache, served: CatalogueSnapshot, version: number): void {
  const rereadUnlessCurrent = () => {
    if (!cache.loading && cache.snapshot && cache.snapshot.version < version) {
      reload(db, cache).catch((error: unknown) => console.error('Каталог не перечитан, ответы идут из прежней копии:', error))
    }
  }
  patch(db, cache, served).then(
    (patched) => patched || rereadUnlessCurrent(),
    (error: unknown) => {
      console.error('Изменения каталога не внесены в копию, она будет перечитана:', error)
      rereadUnlessCurrent()
    },
  )
}

/**
 * The catalogue: one small query per call for the versions (none when the request's session query
 * read them, `readWithSession`). No request waits for a change to be
 * taken in: the served copy answers while a change to a few products is taken into a new copy
 * sharing the rest (a few milliseconds at 100 000 products, most of it the database's answer) and
 * while any bigger change is read in the background (about 1.5 s at 100 000 products); the new copy
 * serves the requests after that. Only the very first call waits for a copy. A failed update or
 * reload is logged and the served copy stays; the next request tries again.
 */
export async function currentCatalogue(db: Db, readWithSession?: Versions): Promise<{ snapshot: CatalogueSnapshot; versions: Versions }> {
  const cache = cacheOf(db)
  const versions = readWithSession ?? (await readVersions(db.kysely))
  while (!cache.snapshot) await reload(db, cache)
  if (cache.snapshot.version < versions.catalogue && !cache.loading && !cache.patching) catchUp(db, cache, cache.snapshot, versions.catalogue)
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
  while (!cache.snapshot || cache.snapshot.version < catalogue) {
    if (!cache.snapshot || !(await patch(db, cache, cache.snapshot))) await reload(db, cache)
  }
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

/** Whether this process holds a copy of the catalogue to answer from (the readiness check asks). */
export function isCatalogueLoaded(db: Db): boolean {
  return caches.get(db)?.snapshot !== undefined
}
