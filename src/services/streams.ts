/**
 * The one module through which every screen polls (orders 300 s, acts 10 s, chat 5 s, exporter 3 s)
 * and counts down to the next poll. Nothing may poll any other way: no setInterval, no recursive
 * timers, no after-delays looping back to a loading state. The periods come in through the input;
 * the machines keep them in TIMINGS.
 */
import {
  EMPTY,
  Observable,
  catchError,
  concat,
  defer,
  distinctUntilChanged,
  fromEvent,
  ignoreElements,
  interval,
  map,
  merge,
  of,
  repeat,
  shareReplay,
  startWith,
  switchMap,
  takeWhile,
  timer,
} from 'rxjs'
import { fromEventObservable, fromObservable } from 'xstate'

/** What a poll tells the machine that invoked it (each is an event the machine receives). */
export type PollEvent<T> =
  | { type: 'poll.data'; data: T }
  /** `status`: the server's HTTP status when it answered (a 4xx is a refusal the machine may stop on); none for a network failure */
  | { type: 'poll.failed'; message: string; retryInMs: number; status?: number }
  | { type: 'poll.paused' }

export interface PollInput<T> {
  periodMs: number
  /** one request; it must stop when the signal aborts (pass the signal to the HTTP client) */
  request: (signal: AbortSignal) => Promise<T>
  /** the longest wait after failures in a row; 60 s unless given */
  maxBackoffMs?: number
  /** true while the page is visible; the default follows document.visibilityState */
  visible$?: Observable<boolean>
}

/** A promise-returning request as an observable whose unsubscribe aborts the request. */
export const abortable = <T>(request: (signal: AbortSignal) => Promise<T>): Observable<T> =>
  new Observable<T>((subscriber) => {
    const controller = new AbortController()
    request(controller.signal).then(
      (value) => {
        subscriber.next(value)
        subscriber.complete()
      },
      (error: unknown) => subscriber.error(error),
    )
    return () => controller.abort()
  })

/** The HTTP status a failed call carries (the http client's ApiCallError), or none (the network, an abort). */
const statusOf = (error: unknown): number | undefined =>
  error instanceof Error && 'status' in error && typeof error.status === 'number' ? error.status : undefined

/** The wait after `failures` failures in a row: period × 2^failures, at most maxMs. */
export const backoffMs = (failures: number, periodMs: number, maxMs: number) => Math.min(periodMs * 2 ** failures, maxMs)

/** Whether the page is visible, now and on every change; always visible outside a browser. */
export const pageVisible$ = (): Observable<boolean> => {
  if (typeof document === 'undefined') return of(true)
  return fromEvent(document, 'visibilitychange').pipe(
    map(() => document.visibilityState === 'visible'),
    startWith(document.visibilityState === 'visible'),
    distinctUntilChanged(),
  )
}

/**
 * Request, wait the period, request again; after n failures in a row wait period × 2^n (at most
 * maxBackoffMs). While the page is hidden nothing runs (the request in flight is aborted); when it
 * shows again a request goes at once. `repeat` resubscribes the same cycle, so nothing nests however
 * long the screen stays open.
 */
export function poll$<T>({ periodMs, request, maxBackoffMs = 60_000, visible$ = pageVisible$() }: PollInput<T>): Observable<PollEvent<T>> {
  const polling$ = requestCycle$(request, periodMs, maxBackoffMs, (ms) => timer(ms))
  return visible$.pipe(switchMap((visible) => (visible ? polling$ : of<PollEvent<T>>({ type: 'poll.paused' }))))
}

/**
 * One request, then `wait(ms)` (the period, or the backoff after failures in a row), over and over.
 * `defer`: each subscription counts its failures from zero, and the wait is chosen after the
 * request, when the failure count is known.
 */
function requestCycle$<T>(
  request: PollInput<T>['request'],
  periodMs: number,
  maxBackoffMs: number,
  wait: (ms: number) => Observable<unknown>,
): Observable<PollEvent<T>> {
  return defer(() => {
    let failures = 0
    const once$ = abortable(request).pipe(
      map((data): PollEvent<T> => {
        failures = 0
        return { type: 'poll.data', data }
      }),
      catchError((error: unknown) => {
        failures += 1
        const message = error instanceof Error ? error.message : String(error)
        const retryInMs = backoffMs(failures, periodMs, maxBackoffMs)
        const status = statusOf(error)
        return of<PollEvent<T>>(status === undefined ? { type: 'poll.failed', message, retryInMs } : { type: 'poll.failed', message, retryInMs, status })
      }),
    )
    const wait$ = defer(() => wait(failures ? backoffMs(failures, periodMs, maxBackoffMs) : periodMs))
    return concat(once$, wait$.pipe(ignoreElements())).pipe(repeat())
  })
}

/** A visible poll also says when the page shows again, so the machine can leave `paused`. */
export type VisiblePollEvent<T> = PollEvent<T> | { type: 'poll.resumed' }

/**
 * Visible milliseconds elapsed, 0 first, then one value per `tickMs` of visible time. While the
 * page is hidden nothing ticks; a tick cut short by hiding starts over when the page shows.
 */
export const visibleElapsed$ = (visible$: Observable<boolean>, tickMs = 1_000): Observable<number> =>
  defer(() => {
    let elapsed = 0
    return visible$.pipe(
      distinctUntilChanged(),
      switchMap((visible) => (visible ? interval(tickMs).pipe(map(() => (elapsed += tickMs))) : EMPTY)),
      startWith(0),
    )
  })

/** Milliseconds left of `periodMs` of visible time, one value a visible tick, ending with 0: a countdown that pauses while the tab is hidden. */
export const visibleCountdown$ = (periodMs: number, visible$: Observable<boolean> = pageVisible$(), tickMs = 1_000): Observable<number> =>
  visibleElapsed$(visible$, tickMs).pipe(
    map((elapsed) => Math.max(0, periodMs - elapsed)),
    takeWhile((left) => left > 0, true),
  )

/**
 * Like poll$, but hiding the page pauses the wait instead of dropping the cycle: the period counts
 * visible time only, so a screen showing visibleCountdown$ reloads when its countdown reaches
 * 0:00. A request in flight is not aborted by hiding. `poll.paused` / `poll.resumed` follow the
 * page's visibility (the first value included).
 */
export function visiblePoll$<T>({ periodMs, request, maxBackoffMs = 60_000, visible$ = pageVisible$() }: PollInput<T>): Observable<VisiblePollEvent<T>> {
  const visibility$ = visible$.pipe(distinctUntilChanged(), shareReplay({ bufferSize: 1, refCount: true }))
  const changes$ = visibility$.pipe(map((visible): VisiblePollEvent<T> => ({ type: visible ? 'poll.resumed' : 'poll.paused' })))
  return merge(
    changes$,
    requestCycle$(request, periodMs, maxBackoffMs, (ms) => visibleCountdown$(ms, visibility$)),
  )
}

/** Milliseconds left until `periodMs` has passed, one value a tick, ending with 0. */
export const countdown$ = (periodMs: number, tickMs = 1_000): Observable<number> =>
  timer(0, tickMs).pipe(
    map((i) => Math.max(0, periodMs - i * tickMs)),
    takeWhile((left) => left > 0, true),
  )

/** Invoke with `input: { periodMs, request }`; each PollEvent is sent to the invoking machine. */
export const pollLogic = <T>() => fromEventObservable(({ input }: { input: PollInput<T> }) => poll$(input))

/**
 * Spawn or invoke with `input: { periodMs }`; its snapshot context is the milliseconds left. A snapshot, not
 * events: only the view shows it, and a tick a second would flood the journal.
 */
export const countdownLogic = fromObservable(({ input }: { input: { periodMs: number } }) => countdown$(input.periodMs))
