/**
 * A sorted order a patch made from the one before by moving a few products (snapshot-patch.ts):
 * what is grouped by such an order (the price groups) is moved the same way instead of grouped anew.
 */
const movedFrom = new WeakMap<Int32Array, { from: Int32Array; moved: readonly number[] }>()

export function noteReordered(order: Int32Array, from: Int32Array, moved: readonly number[]): void {
  movedFrom.set(order, { from, moved })
}

/** The order `order` was made from and the positions moved, when a patch made it so. */
export const reorderedFrom = (order: Int32Array) => movedFrom.get(order)
