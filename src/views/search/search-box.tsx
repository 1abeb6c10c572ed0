import { lazy, Suspense } from 'react'
import styles from './search-box.module.css'

// the combobox, its machine and the search service load when the header first shows, not with the
// first load; the empty form keeps the header's layout meanwhile
const SearchCombobox = lazy(() => import('./search-combobox').then((module) => ({ default: module.SearchCombobox })))

/** The header's search field. */
export function SearchBox() {
  return (
    <Suspense fallback={<div className={styles.form} />}>
      <SearchCombobox />
    </Suspense>
  )
}
