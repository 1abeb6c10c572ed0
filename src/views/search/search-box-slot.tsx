import { lazy, Suspense } from 'react'
import styles from './search-box-slot.module.css'

// the ComboBox (react-aria's listbox, popover and overlays) is ~28 KB gzipped: it loads right
// after the page instead of delaying the catalogue's first paint
const SearchBox = lazy(() => import('./search-box').then((module) => ({ default: module.SearchBox })))

/** The header's search field, loaded in its own chunk; its place is kept while it loads. */
export function SearchBoxSlot() {
  return (
    <Suspense fallback={<span className={styles.slot} />}>
      <SearchBox />
    </Suspense>
  )
}
