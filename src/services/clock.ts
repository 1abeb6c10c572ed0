import { fromCallback, fromPromise } from 'xstate'

/** What a machine asks its clock (`clock.read`) and what the clock answers: the current time in ms since the epoch. */
export type ClockRead = { type: 'clock.read' }
export type ClockTime = { type: 'clock.time'; now: number }

/**
 * The clock the machines read the time from (architecture §3), provided where the app wires them:
 * `clock` answers every `clock.read` with `clock.time`, `readClock` is the current time (ISO) as a
 * call. Their answers are events the journal keeps, so a replay reaches the same times. `now`
 * defaults to the system clock; tests give a fixed one.
 */
export function createClockActors(now: () => number = Date.now) {
  return {
    clock: fromCallback<ClockRead>(({ receive, sendBack }) => {
      receive(() => sendBack({ type: 'clock.time', now: now() } satisfies ClockTime))
    }),
    readClock: fromPromise<string>(() => Promise.resolve(new Date(now()).toISOString())),
  }
}
