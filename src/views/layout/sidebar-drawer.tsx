import { useSelector } from '@xstate/react'
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components'
import { useAppDeps } from '../app-deps'
import { Button } from '../ui/button'
import { CloseIcon, MenuIcon } from '../ui/icons'
import { MenuLinks } from './sidebar'
import styles from './sidebar-drawer.module.css'
import sidebarStyles from './sidebar.module.css'

const DRAWER_ID = 'cabinet-menu-drawer'

/** The header's "Меню" button of a phone or tablet (hidden on a wide screen, where the sidebar shows). */
export function MenuButton() {
  const { sidebar } = useAppDeps()
  const open = useSelector(sidebar, (snapshot) => snapshot.matches({ drawer: 'open' }))
  return (
    <span className={styles.menuButton}>
      <Button aria-expanded={open} aria-controls={open ? DRAWER_ID : undefined} onPress={() => sidebar.send({ type: 'sidebar.open' })}>
        <MenuIcon size={20} />
        Меню
      </Button>
    </span>
  )
}

/**
 * The menu as a drawer over the page: a modal dialog, so focus moves into it and back to the
 * menu button when it closes; Escape, a click outside, "Закрыть меню" and following a link close it.
 */
export function SidebarDrawer() {
  const { sidebar } = useAppDeps()
  const open = useSelector(sidebar, (snapshot) => snapshot.matches({ drawer: 'open' }))
  const close = () => sidebar.send({ type: 'sidebar.close' })
  return (
    <ModalOverlay className={styles.overlay} isOpen={open} isDismissable onOpenChange={(isOpen) => (isOpen ? undefined : close())}>
      <Modal className={styles.drawer}>
        <Dialog id={DRAWER_ID} className={styles.dialog} aria-labelledby={`${DRAWER_ID}-title`}>
          <div className={sidebarStyles.top}>
            <Heading slot="title" id={`${DRAWER_ID}-title`} className={styles.title}>
              Кабинет дилера
            </Heading>
            <button type="button" className={sidebarStyles.toggle} aria-label="Закрыть меню" onClick={close}>
              <CloseIcon size={20} />
            </button>
          </div>
          <nav aria-label="Меню кабинета">
            <MenuLinks narrow={false} onFollow={close} />
          </nav>
        </Dialog>
      </Modal>
    </ModalOverlay>
  )
}
