/** A module's dynamic import, fetched once: a chunk that could not load is asked for again by the next call. */
export function lazyModule<M>(load: () => Promise<M>): () => Promise<M> {
  let module: Promise<M> | undefined
  return () => {
    module ??= load().catch((error: unknown) => {
      module = undefined
      throw error
    })
    return module
  }
}
