import { BehaviorSubject } from 'rxjs'
import { TestScheduler } from 'rxjs/testing'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { minutesSeconds } from '../../src/contract/minutes-seconds'
import { visibleCountdown$, visibleElapsed$, visiblePoll$, type VisiblePollEvent } from '../../src/services/streams'

const scheduler = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected))

describe('visibleElapsed$ (virtual time)', () => {
  it('counts visible ticks only: hiding stops it, showing again goes on from where it was', () => {
    scheduler().run(({ cold, expectObservable }) => {
      // visible for 3 ticks, hidden for 5, visible again
      const visible$ = cold('t 2ms f 4ms t', { t: true, f: false })
      expectObservable(visibleElapsed$(visible$, 1), '^ 12ms !').toBe('a b c 6ms d e f g', { a: 0, b: 1, c: 2, d: 3, e: 4, f: 5, g: 6 })
    })
  })

  it('restarts a tick cut short by hiding', () => {
    scheduler().run(({ cold, expectObservable }) => {
      const visible$ = cold('t 4ms f 2ms t', { t: true, f: false })
      // tick 10: shown at 0, hidden at 5 (before the first tick at 10), shown at 8: the first tick is at 18
      expectObservable(visibleElapsed$(visible$, 10), '^ 20ms !').toBe('a 17ms b', { a: 0, b: 10 })
    })
  })
})

describe('visibleCountdown$ (virtual time)', () => {
  it('counts 5 s down a second at a time and ends at 0', () => {
    scheduler().run(({ cold, expectObservable }) => {
      const visible$ = cold('t', { t: true })
      expectObservable(visibleCountdown$(5_000, visible$)).toBe('a 999ms b 999ms c 999ms d 999ms e 999ms (f|)', {
        a: 5_000,
        b: 4_000,
        c: 3_000,
        d: 2_000,
        e: 1_000,
        f: 0,
      })
    })
  })

  it('stands still while the tab is hidden, and the label keeps its minutes:seconds', () => {
    scheduler().run(({ cold, expectObservable }) => {
      // hidden after 1.5 s for a minute, then shown
      const visible$ = cold('t 1499ms f 59999ms t', { t: true, f: false })
      const values = { a: 3_000, b: 2_000, c: 1_000, d: 0 }
      expectObservable(visibleCountdown$(3_000, visible$)).toBe('a 999ms b 61499ms c 999ms (d|)', values)
    })
    expect([3_000, 2_000, 0].map(minutesSeconds)).toEqual(['0:03', '0:02', '0:00'])
  })
})

describe('visiblePoll$ (fake timers)', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('requests at once, then after each period of visible time; hiding pauses the wait and says so', async () => {
    vi.useFakeTimers()
    const visible$ = new BehaviorSubject(true)
    const calls: number[] = []
    const start = Date.now()
    const request = () => {
      calls.push(Date.now() - start)
      return Promise.resolve(calls.length)
    }
    const seen: VisiblePollEvent<number>[] = []
    const subscription = visiblePoll$({ periodMs: 10_000, request, visible$ }).subscribe((event) => seen.push(event))
    await vi.advanceTimersByTimeAsync(4_000)
    visible$.next(false)
    // hidden for a minute: nothing is requested, nothing is counted
    await vi.advanceTimersByTimeAsync(60_000)
    expect(calls).toEqual([0])
    visible$.next(true)
    await vi.advanceTimersByTimeAsync(6_000)
    expect(calls).toEqual([0, 70_000])
    await vi.advanceTimersByTimeAsync(10_000)
    expect(calls).toEqual([0, 70_000, 80_000])
    subscription.unsubscribe()
    expect(seen.map((event) => event.type)).toEqual(['poll.resumed', 'poll.data', 'poll.paused', 'poll.resumed', 'poll.data', 'poll.data'])
  })

  it('backs off after a failure and aborts the request in flight when unsubscribed', async () => {
    vi.useFakeTimers()
    const signals: AbortSignal[] = []
    const start = Date.now()
    const calls: number[] = []
    const request = (signal: AbortSignal) => {
      signals.push(signal)
      calls.push(Date.now() - start)
      return calls.length === 1 ? Promise.reject(new Error('Ошибка сервера (503)')) : new Promise<number>(() => {})
    }
    const seen: VisiblePollEvent<number>[] = []
    const subscription = visiblePoll$({ periodMs: 1_000, request, visible$: new BehaviorSubject(true) }).subscribe((event) => seen.push(event))
    await vi.advanceTimersByTimeAsync(2_000)
    expect(calls).toEqual([0, 2_000])
    expect(seen[1]).toEqual({ type: 'poll.failed', message: 'Ошибка сервера (503)', retryInMs: 2_000 })
    subscription.unsubscribe()
    expect(signals[1]?.aborted).toBe(true)
  })
})
