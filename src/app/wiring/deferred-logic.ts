import { fromPromise, type AnyActorLogic } from 'xstate'

/** A loader that runs `load` once and answers its promise to every call; after a failure the next call tries again. */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = null
      throw error
    }))
}

export interface DeferredLogic<TLogic extends AnyActorLogic> {
  /** stands in for the logic where a machine is provided with it; it runs the loaded logic */
  logic: TLogic
  /** loads the logic (once; again after a failure) */
  load: () => Promise<TLogic>
}

/**
 * Actor logic whose code is imported when first needed, not with the first load. A machine is
 * provided with `logic` at start-up and must not start it before `load()` has resolved (the shell
 * waits in a state of its own while the basket's code loads): started earlier, it fails loudly.
 * Once loaded, the stand-in is the loaded logic to whoever reads it (xstate runs it, the journal
 * reads its machine id): every property read goes to the loaded logic, its methods bound to it.
 */
/** The promise actor a machine waits on until a deferred logic's code is there (the shell's `loadingCode` states). */
export const loadCodeOf = (deferred: Pick<DeferredLogic<AnyActorLogic>, 'load'>) =>
  fromPromise<void>(async () => {
    await deferred.load()
  })

export function deferredLogic<TLogic extends AnyActorLogic>(importLogic: () => Promise<TLogic>): DeferredLogic<TLogic> {
  let loaded: TLogic | null = null
  const real = (): TLogic => {
    if (!loaded) throw new Error('a deferred actor logic was started before its code loaded')
    return loaded
  }
  const stand = new Proxy({} as TLogic, {
    get: (_, key) => {
      const value: unknown = Reflect.get(real(), key)
      return typeof value === 'function' ? value.bind(real()) : value
    },
    has: (_, key) => Reflect.has(real(), key),
  })
  const load = loadOnce(() => importLogic().then((logic) => (loaded = logic)))
  return { logic: stand, load }
}
