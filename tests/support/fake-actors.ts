import { Subject } from 'rxjs'
import { fromObservable, fromPromise, type AnyActorLogic } from 'xstate'
import { deferred } from './deferred'

export type FakeKind = 'promise' | 'observable'

/** One run of a fake actor, settled by the test. */
interface Invocation {
  done: (output: unknown) => void
  fail: (error: unknown) => void
  emit: (snapshot: { context?: unknown } | undefined) => void
}

export interface FakeActors {
  /** Logic to `.provide()`, keyed by `src` name. */
  logic: Record<string, AnyActorLogic>
  /** The latest run of the actor with this invoke id. */
  current: (invokeId: string) => Invocation
  /** Forgets every run, so the same logic serves the next actor afresh. */
  forget: () => void
}

/**
 * Fakes for invoked actors: every invocation makes a fresh deferred (promise) or Subject
 * (observable), queued under the invoke id, so one path can invoke the same actor twice.
 */
export function createFakeActors(kinds: Record<string, FakeKind>): FakeActors {
  const runs = new Map<string, Invocation[]>()
  const push = (id: string, run: Invocation) => runs.set(id, [...(runs.get(id) ?? []), run])

  const promiseLogic = fromPromise<unknown>(({ self }) => {
    const d = deferred<unknown>()
    push(self.id, {
      done: d.resolve,
      fail: d.reject,
      emit: () => {
        throw new Error(`${self.id} is promise logic: it has no snapshots to emit`)
      },
    })
    return d.promise
  })

  const observableLogic = fromObservable<unknown, unknown>(({ self }) => {
    const subject = new Subject<unknown>()
    push(self.id, {
      done: () => subject.complete(),
      fail: (error) => subject.error(error),
      emit: (snapshot) => subject.next(snapshot?.context),
    })
    return subject
  })

  const logicOf = { promise: promiseLogic, observable: observableLogic }
  return {
    logic: Object.fromEntries(Object.entries(kinds).map(([src, kind]) => [src, logicOf[kind]])),
    current: (id) => {
      const run = runs.get(id)?.at(-1)
      if (!run) throw new Error(`the path settles '${id}', but the machine has not invoked it`)
      return run
    },
    forget: () => runs.clear(),
  }
}
