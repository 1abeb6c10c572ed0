import { useSyncExternalStore } from 'react'

/** Whether the media query matches now (true where there is no matchMedia); re-renders when that changes. */
export function useMediaQuery(query: string): boolean {
  const list = typeof matchMedia === 'function' ? matchMedia(query) : undefined
  return useSyncExternalStore(
    (changed) => {
      list?.addEventListener('change', changed)
      return () => list?.removeEventListener('change', changed)
    },
    () => list?.matches ?? true,
  )
}
