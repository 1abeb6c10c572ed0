/** One numbered cell of the pagination control, or an ellipsis standing for skipped pages. */
export type Cell = { kind: 'page'; page: number } | { kind: 'ellipsis' }

/** Spec §2, §9: at most 11 cells. The prev/next arrows are extra and do not count. */
export const MAX_CELLS = 11
/** Pages shown on each side of the current page when both ellipses are needed: 11 = 1 + … + 7 + … + 1. */
const SIBLINGS = (MAX_CELLS - 5) / 2
/** The run of pages at the start (or end) when only one ellipsis is needed: 11 = 9 + … + 1. */
const EDGE_RUN = MAX_CELLS - 2

const range = (from: number, to: number): Cell[] => Array.from({ length: to - from + 1 }, (_, i) => ({ kind: 'page', page: from + i }))

const ellipsis: Cell = { kind: 'ellipsis' }

/**
 * The numbered and ellipsis cells of the pagination control (the prev/next arrows are not cells).
 *
 * - total ≤ 11: every page, 1…total (so at least 7 cells whenever total ≥ 7).
 * - total > 11: exactly 11 cells, always page 1, page `total`, the current page and its
 *   neighbours:
 *   - current ≤ 6:            1 … 9, …, total
 *   - current ≥ total − 5:    1, …, total − 8 … total
 *   - otherwise:              1, …, current − 3 … current + 3, …, total
 *   An ellipsis stands for two or more skipped pages, never one (a single page is shown instead).
 *
 * `current` is clamped to 1…total; total < 1 gives no cells.
 */
export function paginationCells(current: number, total: number): Cell[] {
  const last = Math.floor(total)
  if (!(last >= 1)) return []
  const page = Math.min(Math.max(Math.floor(current) || 1, 1), last)
  if (last <= MAX_CELLS) return range(1, last)

  const startRunEnd = EDGE_RUN
  const endRunStart = last - EDGE_RUN + 1
  if (page <= startRunEnd - SIBLINGS) return [...range(1, startRunEnd), ellipsis, ...range(last, last)]
  if (page >= endRunStart + SIBLINGS) return [...range(1, 1), ellipsis, ...range(endRunStart, last)]
  return [...range(1, 1), ellipsis, ...range(page - SIBLINGS, page + SIBLINGS), ellipsis, ...range(last, last)]
}
