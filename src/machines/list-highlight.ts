/** No option is highlighted: the arrows have not moved yet, or the list was closed. */
export const NO_HIGHLIGHT = -1

/**
 * The option an arrow key moves to among `count` options: from none (-1) ArrowDown goes to the first
 * and ArrowUp to the last; past either end it wraps round. With no options nothing is highlighted.
 */
export function stepHighlight(count: number, index: number, step: 1 | -1): number {
  if (count === 0) return NO_HIGHLIGHT
  if (index === NO_HIGHLIGHT && step < 0) return count - 1
  return (index + step + count) % count
}
