import { useId, useState, type ReactNode } from 'react'
import { Button } from './button'
import styles from './filter-disclosure.module.css'
import { FilterIcon } from './icons'

/** Where the filters fold: under the drawer breakpoint (a side panel, the catalogue) or on a phone only (a form above a list). */
type FoldBelow = 'drawer' | 'phone'

const FOLD_CLASS: Record<FoldBelow, string | undefined> = { drawer: styles.foldBelowDrawer, phone: styles.foldBelowPhone }

/**
 * On a narrow screen the filters hide behind «Фильтры» (a disclosure button), so the list is on
 * the first screen; on a wide one the stylesheet hides the button and always shows them. Whether
 * it is open is view-local UI state: no workflow depends on it. Children given as a function
 * learn whether it is open (to leave folded filters out of the first paint).
 */
export function FilterDisclosure({ children, foldBelow = 'drawer' }: { children: ReactNode | ((open: boolean) => ReactNode); foldBelow?: FoldBelow }) {
  const [open, setOpen] = useState(false)
  const panelId = useId()
  return (
    <div className={`${styles.filters} ${FOLD_CLASS[foldBelow] ?? ''}`} data-open={open}>
      <span className={styles.toggle}>
        <Button aria-expanded={open} aria-controls={panelId} onPress={() => setOpen(!open)}>
          <FilterIcon />
          {open ? 'Скрыть фильтры' : 'Фильтры'}
        </Button>
      </span>
      <div id={panelId} className={styles.body}>
        {typeof children === 'function' ? children(open) : children}
      </div>
    </div>
  )
}
