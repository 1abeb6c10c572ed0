import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Subscribable } from 'xstate'
import { NETWORK_ERROR_MESSAGE } from '../../src/services/http'
import type { PollEvent } from '../../src/services/streams'
import { IO_WAIT } from '../support/waits'

const STREAMS = '../../src/services/streams'

/** The lazy-streams module afresh (its cached streams.ts with it), after any mock of streams.ts. */
const freshLazyStreams = async () => {
  vi.resetModules()
  return import('../../src/services/lazy-streams')
}

function collect<T>(stream: Subscribable<T>) {
  const values: T[] = []
  const subscription = stream.subscribe({ next: (value) => values.push(value) })
  return { values, subscription }
}

afterEach(() => {
  vi.doUnmock(STREAMS)
})

describe('lazyPoll$: streams.ts loads with the first poll', () => {
  it('polls once the module is there, as poll$ does', async () => {
    const { lazyPoll$ } = await freshLazyStreams()
    const { values, subscription } = collect(lazyPoll$({ periodMs: 60_000, request: () => Promise.resolve(7) }))
    expect(values).toEqual([])
    await vi.waitFor(() => expect(values).toEqual([{ type: 'poll.data', data: 7 }]), IO_WAIT)
    subscription.unsubscribe()
  })

  it('makes no request when unsubscribed before the module is there', async () => {
    const { lazyPoll$ } = await freshLazyStreams()
    const request = vi.fn(() => Promise.resolve(1))
    collect(lazyPoll$({ periodMs: 60_000, request })).subscription.unsubscribe()
    // the module has loaded by now: a new poll's request has gone out
    const second = collect(lazyPoll$({ periodMs: 60_000, request: () => Promise.resolve(2) }))
    await vi.waitFor(() => expect(second.values).toHaveLength(1), IO_WAIT)
    expect(request).not.toHaveBeenCalled()
    second.subscription.unsubscribe()
  })

  it('says a module that cannot load is a failed request, and tries again after the period', async () => {
    let loads = 0
    vi.doMock(STREAMS, async (importOriginal) => {
      loads += 1
      if (loads === 1) throw new Error('Failed to fetch dynamically imported module')
      return importOriginal()
    })
    const { lazyPoll$ } = await freshLazyStreams()
    const { values, subscription } = collect(lazyPoll$<number>({ periodMs: 50, request: () => Promise.resolve(3) }))
    const failed: PollEvent<number> = { type: 'poll.failed', message: NETWORK_ERROR_MESSAGE, retryInMs: 50, status: 0 }
    await vi.waitFor(() => expect(values[0]).toEqual(failed), IO_WAIT)
    await vi.waitFor(() => expect(values).toEqual([failed, { type: 'poll.data', data: 3 }]), IO_WAIT)
    subscription.unsubscribe()
  })
})
