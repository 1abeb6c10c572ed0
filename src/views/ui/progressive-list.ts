import { startTransition, useEffect, useMemo, useState } from 'react'

/** Rows a list shows in its first render: about a phone screen of cards, a laptop screen of rows. */
export const FIRST_ROWS = 6

/**
 * A long list's first mount in two renders: the first `first` items at once, all of them in a
 * following task, rendered as a transition (React yields to the browser every few ms while it
 * builds them). One long task of building every row, its controls and its layout becomes short
 * ones, and the top of the page shows sooner. `complete` is false until every item is in the DOM
 * (the list says aria-busy meanwhile). Only the mount is split: once complete, a new list (another
 * answer, another page) shows whole in one render, so a click's paint is never postponed.
 */
export function useProgressiveList<T>(items: readonly T[], first = FIRST_ROWS): { shown: readonly T[]; complete: boolean } {
  const [showAll, setShowAll] = useState(items.length <= first)
  useEffect(() => {
    if (showAll) return
    const timer = setTimeout(() => startTransition(() => setShowAll(true)), 0)
    return () => clearTimeout(timer)
  }, [showAll])
  const shown = useMemo(() => (showAll ? items : items.slice(0, first)), [items, first, showAll])
  return { shown, complete: shown.length === items.length }
}
