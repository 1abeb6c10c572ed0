import type { Observable } from 'rxjs'
import { fromObservable, type Observer, type Subscribable, type Subscription } from 'xstate'
import { NETWORK_ERROR_MESSAGE } from './http'
import { lazyModule } from './lazy-module'
import type { PollEvent, PollInput, VisiblePollEvent } from './streams'

type Streams = typeof import('./streams')

/** streams.ts with RxJS, fetched once; a chunk that could not load is asked for again by the next try. */
const loadStreams = lazyModule(() => import('./streams'))

/** What a poll says while streams.ts cannot load, and when it tries again. */
interface LoadFailure<T> {
  event: T
  retryInMs: number
}

/**
 * The observable `make` builds from streams.ts once that module has loaded: RxJS with the poll
 * and the countdown (7 KB gzipped) load when a screen first polls, beside its first request, not
 * before the screen's first paint. A module that cannot load (the network is gone) is to a poll
 * what a failed request is: `onLoadFailed` names the event (poll.failed, as the HTTP client says
 * it), and the load is tried again after the wait it names, until the poll's own cycle runs. The
 * one timer outside streams.ts: until that module is there, its timers cannot run.
 */
function fromStreams<T>(make: (module: Streams) => Subscribable<T>, onLoadFailed: () => LoadFailure<T> | null): Subscribable<T> {
  const subscribe = (observerOrNext?: Observer<T> | ((value: T) => void), error?: (error: unknown) => void, complete?: () => void): Subscription => {
    const observer: Observer<T> = typeof observerOrNext === 'function' ? { next: observerOrNext, error, complete } : (observerOrNext ?? {})
    let inner: Subscription | undefined
    let retry: ReturnType<typeof setTimeout> | undefined
    let isClosed = false
    const start = () =>
      loadStreams().then(
        (module) => {
          if (!isClosed) inner = make(module).subscribe(observer)
        },
        () => {
          const failure = isClosed ? null : onLoadFailed()
          if (!failure) return
          observer.next?.(failure.event)
          retry = setTimeout(() => void start(), failure.retryInMs)
        },
      )
    void start()
    return {
      unsubscribe: () => {
        isClosed = true
        clearTimeout(retry)
        inner?.unsubscribe()
      },
    }
  }
  return { subscribe }
}

/** The poll.failed of a request that found no network (http.ts: status 0), retried after the period. */
const pollLoadFailed =
  <T>(periodMs: number) =>
  (): LoadFailure<PollEvent<T>> => ({
    event: { type: 'poll.failed', message: NETWORK_ERROR_MESSAGE, retryInMs: periodMs, status: 0 },
    retryInMs: periodMs,
  })

/** streams.ts's poll$, loaded with the first poll. */
export const lazyPoll$ = <T>(input: PollInput<T>): Subscribable<PollEvent<T>> =>
  fromStreams((module) => module.poll$(input), pollLoadFailed<T>(input.periodMs))

/** streams.ts's visiblePoll$, loaded with the first poll. */
export const lazyVisiblePoll$ = <T>(input: PollInput<T>): Subscribable<VisiblePollEvent<T>> =>
  fromStreams((module) => module.visiblePoll$(input), pollLoadFailed<T>(input.periodMs))

/**
 * Invoke with `input: { periodMs }`; its snapshot context is the milliseconds left, counted while
 * the page is visible (streams.ts's visibleCountdown$, loaded when it starts; while it cannot
 * load, no countdown shows and the poll says why).
 */
export const visibleCountdownLogic = fromObservable(({ input }: { input: { periodMs: number; visible$?: Observable<boolean> } }) =>
  fromStreams(
    (module) => module.visibleCountdown$(input.periodMs, input.visible$),
    () => null,
  ),
)
