import { BehaviorSubject, type Observable } from 'rxjs'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { assign, createActor, setup } from 'xstate'
import { abortable, backoffMs, countdown$, countdownLogic, pageVisible$, poll$, pollLogic, type PollEvent } from '../../src/services/streams'
import { minutesSeconds } from '../../src/contract/minutes-seconds'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

interface Call {
  at: number
  signal: AbortSignal
}

/** A request whose answers the test scripts: each call takes the next outcome ('ok' after the script ends). */
function scripted(outcomes: ('ok' | 'fail')[]) {
  const calls: Call[] = []
  const request = (signal: AbortSignal) => {
    calls.push({ at: Date.now(), signal })
    const outcome = outcomes[calls.length - 1] ?? 'ok'
    return outcome === 'ok' ? Promise.resolve(calls.length) : Promise.reject(new Error(`down #${calls.length}`))
  }
  return { calls, request }
}

/** A request that never answers, so it is always in flight until aborted. */
function hanging() {
  const calls: Call[] = []
  const request = (signal: AbortSignal) => {
    calls.push({ at: Date.now(), signal })
    return new Promise<number>(() => {})
  }
  return { calls, request }
}

function collect<T>(observable: Observable<T>) {
  const seen: T[] = []
  let completed = false
  const sub = observable.subscribe({ next: (v) => seen.push(v), complete: () => (completed = true) })
  return { seen, completed: () => completed, stop: () => sub.unsubscribe() }
}

const visible = () => new BehaviorSubject(true)

describe('poll$', () => {
  it('requests at once, then every period', async () => {
    const { calls, request } = scripted([])
    const start = Date.now()
    const { seen, stop } = collect(poll$({ periodMs: 5_000, request, visible$: visible() }))
    await vi.advanceTimersByTimeAsync(15_000)
    stop()
    expect(calls.map((c) => c.at - start)).toEqual([0, 5_000, 10_000, 15_000])
    expect(seen).toEqual([1, 2, 3, 4].map((data) => ({ type: 'poll.data', data })))
  })

  it('backs off 2×, 4×, 8× the period after failures, capped, and returns to the period after a success', async () => {
    const { calls, request } = scripted(['fail', 'fail', 'fail', 'fail', 'ok', 'ok'])
    const start = Date.now()
    const { seen, stop } = collect(poll$({ periodMs: 1_000, maxBackoffMs: 10_000, request, visible$: visible() }))
    await vi.advanceTimersByTimeAsync(2_000 + 4_000 + 8_000 + 10_000 + 1_000)
    stop()
    expect(calls.map((c) => c.at - start)).toEqual([0, 2_000, 6_000, 14_000, 24_000, 25_000])
    expect(seen).toEqual([
      { type: 'poll.failed', message: 'down #1', retryInMs: 2_000 },
      { type: 'poll.failed', message: 'down #2', retryInMs: 4_000 },
      { type: 'poll.failed', message: 'down #3', retryInMs: 8_000 },
      { type: 'poll.failed', message: 'down #4', retryInMs: 10_000 },
      { type: 'poll.data', data: 5 },
      { type: 'poll.data', data: 6 },
    ])
  })

  it('pauses while hidden, aborting the request in flight, and requests at once when shown', async () => {
    const visible$ = visible()
    const { calls, request } = hanging()
    const start = Date.now()
    const { seen, stop } = collect(poll$({ periodMs: 5_000, request, visible$ }))
    expect(calls).toHaveLength(1)
    expect(calls[0]?.signal.aborted).toBe(false)

    visible$.next(false)
    expect(calls[0]?.signal.aborted).toBe(true)
    expect(seen).toEqual([{ type: 'poll.paused' }])

    await vi.advanceTimersByTimeAsync(60_000)
    expect(calls).toHaveLength(1)

    visible$.next(true)
    expect(calls.map((c) => c.at - start)).toEqual([0, 60_000])
    expect(calls[1]?.signal.aborted).toBe(false)
    stop()
    expect(calls[1]?.signal.aborted).toBe(true)
  })

  it('follows the page outside a browser as always visible', async () => {
    expect(typeof document).toBe('undefined')
    expect(collect(pageVisible$()).seen).toEqual([true])
    const { calls, request } = scripted([])
    const { stop } = collect(poll$({ periodMs: 3_000, request }))
    await vi.advanceTimersByTimeAsync(3_000)
    stop()
    expect(calls).toHaveLength(2)
  })
})

describe('abortable', () => {
  it('aborts the request when unsubscribed and not after it has answered', async () => {
    const pending = hanging()
    collect(abortable(pending.request)).stop()
    expect(pending.calls[0]?.signal.aborted).toBe(true)

    const answered = scripted(['ok'])
    const { seen, completed } = collect(abortable(answered.request))
    await vi.advanceTimersByTimeAsync(0)
    expect(seen).toEqual([1])
    expect(completed()).toBe(true)
  })
})

describe('backoffMs', () => {
  it('doubles the period with each failure up to the ceiling', () => {
    expect([0, 1, 2, 3, 4, 10].map((failures) => backoffMs(failures, 1_000, 10_000))).toEqual([1_000, 2_000, 4_000, 8_000, 10_000, 10_000])
    expect(backoffMs(1, 300_000, 60_000)).toBe(60_000)
  })
})

describe('countdown$', () => {
  it('counts 300 s down to 0:00 once a second, then completes', async () => {
    const { seen, completed } = collect(countdown$(300_000))
    await vi.advanceTimersByTimeAsync(299_000)
    expect(seen).toHaveLength(300)
    expect(completed()).toBe(false)
    await vi.advanceTimersByTimeAsync(1_000)
    expect(seen).toHaveLength(301)
    expect(completed()).toBe(true)
    expect([seen[0], seen[1], seen[299], seen[300]]).toEqual([300_000, 299_000, 1_000, 0])
    expect([seen[0], seen[1], seen[299], seen[300]].map((ms) => minutesSeconds(ms ?? -1))).toEqual(['5:00', '4:59', '0:01', '0:00'])
  })
})

describe('minutesSeconds', () => {
  it('shows minutes and two-digit seconds, rounding a part second up', () => {
    expect(minutesSeconds(300_000)).toBe('5:00')
    expect(minutesSeconds(59_000)).toBe('0:59')
    expect(minutesSeconds(0)).toBe('0:00')
    expect(minutesSeconds(61_000)).toBe('1:01')
    expect(minutesSeconds(4_001)).toBe('0:05')
  })
})

describe('a machine that invokes the poll', () => {
  it('receives each poll event as an event', async () => {
    const machine = setup({
      types: {} as { context: { data: number | null; failures: number }; events: PollEvent<number> },
      actors: { poll: pollLogic<number>() },
    }).createMachine({
      context: { data: null, failures: 0 },
      initial: 'polling',
      states: {
        polling: {
          invoke: {
            src: 'poll',
            input: () => ({ periodMs: 10_000, request: scripted(['ok', 'fail', 'ok']).request, visible$: visible() }),
          },
          on: {
            'poll.data': { actions: assign({ data: ({ event }) => event.data, failures: 0 }) },
            'poll.failed': { actions: assign({ failures: ({ context }) => context.failures + 1 }) },
          },
        },
      },
    })
    const actor = createActor(machine).start()
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().context).toEqual({ data: 1, failures: 0 })
    await vi.advanceTimersByTimeAsync(10_000)
    expect(actor.getSnapshot().context).toEqual({ data: 1, failures: 1 })
    // after one failure the next request waits 2 × 10 s
    await vi.advanceTimersByTimeAsync(19_999)
    expect(actor.getSnapshot().context).toEqual({ data: 1, failures: 1 })
    await vi.advanceTimersByTimeAsync(1)
    expect(actor.getSnapshot().context).toEqual({ data: 3, failures: 0 })
    actor.stop()
  })

  it('receives poll.paused when the page hides', async () => {
    const visible$ = visible()
    const machine = setup({
      types: {} as { events: PollEvent<number> },
      actors: { poll: pollLogic<number>() },
    }).createMachine({
      initial: 'live',
      states: {
        live: {
          invoke: { src: 'poll', input: () => ({ periodMs: 5_000, request: hanging().request, visible$ }) },
          on: { 'poll.paused': 'paused' },
        },
        paused: {},
      },
    })
    const actor = createActor(machine).start()
    expect(actor.getSnapshot().value).toBe('live')
    visible$.next(false)
    expect(actor.getSnapshot().value).toBe('paused')
    actor.stop()
  })

  it('aborts the request in flight when the actor stops', () => {
    const { calls, request } = hanging()
    const machine = setup({
      types: {} as { events: PollEvent<number> },
      actors: { poll: pollLogic<number>() },
    }).createMachine({
      invoke: { src: 'poll', input: () => ({ periodMs: 5_000, request, visible$: visible() }) },
    })
    const actor = createActor(machine).start()
    expect(calls).toHaveLength(1)
    expect(calls[0]?.signal.aborted).toBe(false)
    actor.stop()
    expect(calls[0]?.signal.aborted).toBe(true)
  })
})

describe('a machine that invokes the countdown', () => {
  it('has the milliseconds left as the child snapshot context', async () => {
    const machine = setup({ actors: { countdown: countdownLogic } }).createMachine({
      invoke: { id: 'countdown', src: 'countdown', input: { periodMs: 300_000 } },
    })
    const actor = createActor(machine).start()
    const left = () => actor.getSnapshot().children.countdown?.getSnapshot().context as number
    // the first value comes on the timer's first tick, at 0 ms
    await vi.advanceTimersByTimeAsync(0)
    expect(left()).toBe(300_000)
    await vi.advanceTimersByTimeAsync(1_000)
    expect(left()).toBe(299_000)
    await vi.advanceTimersByTimeAsync(60_000)
    expect(left()).toBe(239_000)
    expect(minutesSeconds(left())).toBe('3:59')
    actor.stop()
  })
})
