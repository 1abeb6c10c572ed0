import { useSelector } from '@xstate/react'
import { Suspense } from 'react'
import { useSidebarActor } from '../session/session-context'
import { Button } from '../ui/button'
import { MenuIcon } from '../ui/icons'
import styles from './sidebar-drawer.module.css'
import { lazyPart } from '../ui/lazy-part'

const DRAWER_ID = 'cabinet-menu-drawer'

// react-aria's modal is not needed for the first paint: its chunk loads when the drawer first
// opens, or a moment earlier when a pointer or the focus reaches «Меню»
const loadDrawerDialog = () => import('./sidebar-drawer-dialog')
const SidebarDrawerDialog = lazyPart(loadDrawerDialog)
const preloadDrawerDialog = () => void loadDrawerDialog()

/** The header's "Меню" button of a phone or tablet (hidden on a wide screen, where the sidebar shows). */
export function MenuButton() {
  const sidebar = useSidebarActor()
  const open = useSelector(sidebar, (snapshot) => snapshot.matches({ drawer: 'open' }))
  return (
    <span className={styles.menuButton}>
      <Button
        aria-expanded={open}
        aria-controls={open ? DRAWER_ID : undefined}
        onPointerEnter={preloadDrawerDialog}
        onFocus={preloadDrawerDialog}
        onPress={() => sidebar.send({ type: 'sidebar.open' })}
      >
        <MenuIcon size={20} />
        Меню
      </Button>
    </span>
  )
}

/** The narrow-screen menu drawer while the sidebar machine has it open. */
export function SidebarDrawer() {
  const sidebar = useSidebarActor()
  const open = useSelector(sidebar, (snapshot) => snapshot.matches({ drawer: 'open' }))
  if (!open) return null
  return (
    <Suspense fallback={null}>
      <SidebarDrawerDialog id={DRAWER_ID} onClose={() => sidebar.send({ type: 'sidebar.close' })} />
    </Suspense>
  )
}
