import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { FilterRequest } from '../../src/contract/catalogue'
import { filterResponseSchema } from '../../src/contract/filter-answer'
import { loadSnapshot } from '../../server/catalogue/snapshot-load'
import { currentCatalogue, snapshotLoader, whenCurrent } from '../../server/catalogue/snapshot'
import { loginAs, startServer, type ServerFixture } from '../support/server-fixture'
import { sessionRequests } from '../support/server-requests'
import { IO_WAIT } from '../support/waits'

/**
 * A catalogue change is read into a fresh in-memory copy in the background: requests meanwhile
 * are answered from the served copy without waiting, the fresh one is swapped in when ready, a
 * served copy is never replaced by an older one, and a failed reload leaves serving intact.
 */

let fixture: ServerFixture
let cookie: string
let product: { id: number; articul: string; price: number }

beforeAll(async () => {
  fixture = await startServer({ products: 200 })
  cookie = await loginAs(fixture, 'mainAccount')
  product = await fixture.db.kysely.selectFrom('products').select(['id', 'articul', 'price']).orderBy('id').executeTakeFirstOrThrow()
})
afterAll(() => fixture?.close())
// these are about the copy read anew: no change is taken into the served copy in place (catalogue-patch.test.ts)
const update = snapshotLoader.update
beforeEach(() => {
  snapshotLoader.update = async () => undefined
})
afterEach(() => {
  snapshotLoader.load = loadSnapshot
  snapshotLoader.update = update
  vi.restoreAllMocks()
})

const { post } = sessionRequests(
  () => fixture,
  () => cookie,
)
/** the filter's answer on the one product */
const found = async (body: FilterRequest = {}) => {
  const response = await post('/api/filter/', { catalog: '-1', query: product.articul, ...body })
  expect(response.statusCode, response.body).toBe(200)
  return filterResponseSchema.parse(response.json())
}
const setPrice = (price: number) => fixture.db.kysely.updateTable('products').set({ price }).where('id', '=', product.id).execute()

/** A loader that waits for `release` before reading: a reload held open as long as a test likes. */
function heldLoader() {
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  let calls = 0
  snapshotLoader.load = async (db) => {
    calls += 1
    await released
    return loadSnapshot(db)
  }
  return { release, calls: () => calls }
}

describe('the catalogue reload', () => {
  it('answers from the served copy while a fresh one loads, then swaps it in', async () => {
    await whenCurrent(fixture.db)
    const before = await found()
    const oldPrice = before.prices.max
    const held = heldLoader()
    await setPrice(product.price + 1000)

    // the reload is held open, and yet requests are answered, from the served copy
    for (let i = 0; i < 3; i += 1) expect((await found()).prices.max).toBe(oldPrice)
    expect(held.calls()).toBe(1)

    held.release()
    await whenCurrent(fixture.db)
    expect((await found()).prices.max).toBeGreaterThan(oldPrice)
    await setPrice(product.price)
    await whenCurrent(fixture.db)
    expect((await found()).prices.max).toBe(oldPrice)
  })

  it('never serves a copy older than one already served', async () => {
    const served: number[] = []
    for (let change = 0; change < 4; change += 1) {
      await setPrice(product.price + change)
      for (let i = 0; i < 5; i += 1) served.push((await currentCatalogue(fixture.db)).snapshot.version)
    }
    served.push((await whenCurrent(fixture.db)).version)
    expect(served).toEqual([...served].sort((a, b) => a - b))
    // a reload that read an older state does not replace a newer copy
    const newest = await whenCurrent(fixture.db)
    const stale = { ...newest, version: newest.version - 1 }
    let loads = 0
    snapshotLoader.load = async () => {
      loads += 1
      return stale
    }
    await setPrice(product.price)
    expect((await currentCatalogue(fixture.db)).snapshot).toBe(newest)
    await vi.waitFor(() => expect(loads).toBe(1), IO_WAIT)
    await new Promise((resolve) => setImmediate(resolve))
    expect((await currentCatalogue(fixture.db)).snapshot).toBe(newest)
    snapshotLoader.load = loadSnapshot
    expect((await whenCurrent(fixture.db)).version).toBeGreaterThan(newest.version)
  })

  it('keeps serving when a reload fails, and tries again on the next request', async () => {
    await whenCurrent(fixture.db)
    const oldPrice = (await found()).prices.max
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    snapshotLoader.load = async () => {
      throw new Error('database gone')
    }
    await setPrice(product.price + 500)
    expect((await found()).prices.max).toBe(oldPrice)
    await vi.waitFor(() => expect(logged).toHaveBeenCalled(), IO_WAIT)
    await expect(whenCurrent(fixture.db)).rejects.toThrow('database gone')
    expect((await found()).prices.max).toBe(oldPrice)

    snapshotLoader.load = loadSnapshot
    await found()
    await whenCurrent(fixture.db)
    expect((await found()).prices.max).toBeGreaterThan(oldPrice)
    await setPrice(product.price)
    await whenCurrent(fixture.db)
  })

  it('takes a change to a few products into the served copy in place, without a reload and without holding a request', async () => {
    snapshotLoader.update = update
    await whenCurrent(fixture.db)
    const held = heldLoader()
    const oldPrice = (await found()).prices.max
    await setPrice(product.price + 700)
    await vi.waitFor(async () => expect((await found()).prices.max).toBeGreaterThan(oldPrice), IO_WAIT)
    await setPrice(product.price)
    await vi.waitFor(async () => expect((await found()).prices.max).toBe(oldPrice), IO_WAIT)
    expect(held.calls()).toBe(0)
    held.release()
  })

  it('sees stock changes on the next request, without a reload', async () => {
    await whenCurrent(fixture.db)
    const held = heldLoader()
    const stockAt1 = () => fixture.db.kysely.updateTable('stocks').where('product_id', '=', product.id).where('warehouse_id', '=', 1)
    const original = await fixture.db.kysely
      .selectFrom('stocks')
      .select('quantity')
      .where('product_id', '=', product.id)
      .where('warehouse_id', '=', 1)
      .executeTakeFirst()
    await stockAt1().set({ quantity: 0 }).execute()
    expect((await found({ available: true })).count).toBe(0)
    await stockAt1().set({ quantity: 5 }).execute()
    expect((await found({ available: true })).count).toBe(1)
    await stockAt1()
      .set({ quantity: original?.quantity ?? 0 })
      .execute()
    expect(held.calls()).toBe(0)
    held.release()
  })
})
