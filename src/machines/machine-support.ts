import { fromCallback, fromPromise, type NonReducibleUnknown, type Subscribable } from 'xstate'
import type { ClockRead } from '../services/clock'

/**
 * Promise logic standing in for a real actor until `.provide()` replaces it (services in the
 * app, fakes in tests); it fails loudly when someone forgets.
 */
export const unprovidedPromise = <Output, Input = NonReducibleUnknown>(name: string) =>
  fromPromise<Output, Input>(() => Promise.reject(new Error(`${name} is not provided`)))

/**
 * An observable standing in for a real stream until `.provide()` replaces it: it fails at once, as
 * RxJS's throwError would, without RxJS in the chunk of every machine that has one.
 */
export const unprovidedObservable = <T>(name: string): Subscribable<T> => ({
  subscribe: (observer?: { error?: (error: unknown) => void } | ((value: T) => void), error?: (error: unknown) => void) => {
    const fail = typeof observer === 'function' ? error : observer?.error
    fail?.(new Error(`${name} is not provided`))
    return { unsubscribe: () => undefined }
  },
})

/**
 * The clock a machine reads the time from while it runs (architecture §3: an injected clock, never
 * a time handed in by a view): it answers every `clock.read` with `clock.time`. The app provides
 * the real one (src/services/clock.ts), tests a fixed one; this stand-in never answers.
 */
export const unprovidedClock = fromCallback<ClockRead>(() => undefined)

/** The current time (ISO) asked once of the clock, as a call: the app provides the real one, tests a fixed one. */
export const unprovidedClockReading = unprovidedPromise<string>('readClock')

/**
 * "The basket has saved every quantity typed": what a call made of the basket's server copy (a
 * draft, an order) waits for. A machine run without a basket (a test of it alone) has nothing to
 * wait for; the basket's children get the real wait (src/machines/basket-saved.ts).
 */
export const basketAloneLogic = fromPromise<void>(() => Promise.resolve())

export const FALLBACK_ERROR_MESSAGE = 'Не удалось выполнить запрос. Повторите попытку.'

/** The Russian message of a failed call (services throw errors carrying the server's text). */
export const errorMessageOf = (error: unknown): string => (error instanceof Error && error.message ? error.message : FALLBACK_ERROR_MESSAGE)
