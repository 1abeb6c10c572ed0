import { useId, useState, type ReactNode } from 'react'
import { Button } from '../ui/button'
import { FilterIcon } from '../ui/icons'
import styles from './catalogue.module.css'

/**
 * On a narrow screen the filter panel hides behind «Фильтры» (a disclosure button); on a wide
 * one the stylesheet hides the button and always shows the panel. Whether it is open is
 * view-local UI state: no workflow depends on it.
 */
export function FilterDisclosure({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false)
  const panelId = useId()
  return (
    <div className={styles.filters} data-open={open}>
      <span className={styles.filtersToggle}>
        <Button aria-expanded={open} aria-controls={panelId} onPress={() => setOpen(!open)}>
          <FilterIcon />
          {open ? 'Скрыть фильтры' : 'Фильтры'}
        </Button>
      </span>
      <div id={panelId} className={styles.filtersBody}>
        {children}
      </div>
    </div>
  )
}
