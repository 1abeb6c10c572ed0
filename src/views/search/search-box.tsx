import { useSelector } from '@xstate/react'
import { Suspense } from 'react'
import { useShellActor } from '../layout/shell-context'
import { Button } from '../ui/button'
import styles from './search-box.module.css'
import { SEARCH_PLACEHOLDER, SEARCH_SUBMIT } from './search-texts'
import { lazyPart } from '../ui/lazy-part'

// the combobox loads when the header first shows, not with the first load; its machine and the
// search service are the shell's child 'headerSearch', whose code the shell loads apart too
const SearchCombobox = lazyPart(() => import('./search-combobox'))

/**
 * What shows while the combobox's code loads: the same field and button, inert and hidden from
 * assistive technology, so the header neither jumps nor flashes when the real one takes its place.
 */
function SearchBoxLoading() {
  return (
    <div className={styles.form} aria-hidden="true">
      <div className={styles.combo}>
        <input className={styles.input} placeholder={SEARCH_PLACEHOLDER} disabled tabIndex={-1} />
      </div>
      <Button isDisabled tabIndex={-1}>
        {SEARCH_SUBMIT}
      </Button>
    </div>
  )
}

/** The header's search field: the stand-in until the shell's header search runs. */
export function SearchBox() {
  const search = useSelector(useShellActor(), (snapshot) => snapshot.children.headerSearch)
  if (!search) return <SearchBoxLoading />
  return (
    <Suspense fallback={<SearchBoxLoading />}>
      <SearchCombobox search={search} />
    </Suspense>
  )
}
