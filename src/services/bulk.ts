import type { BulkFailure, BulkItem, BulkOutcome } from '../contract/bulk'

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : 'Не удалось выполнить запрос')

/**
 * A bulk action as one request per row, one after another (the server's per-row logic runs as for
 * a single row): a row whose call fails is named with the server's message and the rest go on;
 * an abort (the dialog's machine stopped) ends it.
 */
export async function eachRow<T>(
  items: readonly BulkItem[],
  call: (item: BulkItem) => Promise<T>,
  signal: AbortSignal,
): Promise<{ done: { item: BulkItem; answer: T }[]; failed: BulkFailure[] }> {
  const done: { item: BulkItem; answer: T }[] = []
  const failed: BulkFailure[] = []
  for (const item of items) {
    signal.throwIfAborted()
    try {
      done.push({ item, answer: await call(item) })
    } catch (error) {
      if (signal.aborted) throw error
      failed.push({ id: item.id, message: messageOf(error) })
    }
  }
  return { done, failed }
}

/** A removal's outcome: the rows removed and the ones that were not. */
export async function removeEach(items: readonly BulkItem[], call: (item: BulkItem) => Promise<unknown>, signal: AbortSignal): Promise<BulkOutcome> {
  const { done, failed } = await eachRow(items, call, signal)
  return { done: done.map(({ item }) => item.id), failed, count: 0, baskets: [] }
}
