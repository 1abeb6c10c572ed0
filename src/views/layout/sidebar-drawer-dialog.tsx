import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components'
import { CloseIcon } from '../ui/icons'
import { CallbackEntry } from './callback-frame'
import { MenuLinks } from './sidebar'
import styles from './sidebar-drawer.module.css'
import sidebarStyles from './sidebar.module.css'

/**
 * The menu as a drawer over the page: a modal dialog, so focus moves into it and back to the
 * menu button when it closes; Escape, a click outside, "Закрыть меню" and following a link close it.
 * Shown only while open (sidebar-drawer.tsx loads this chunk on the first open).
 */
export default function SidebarDrawerDialog({ id, onClose }: { id: string; onClose: () => void }) {
  return (
    <ModalOverlay className={styles.overlay} isOpen isDismissable onOpenChange={(isOpen) => (isOpen ? undefined : onClose())}>
      <Modal className={styles.drawer}>
        <Dialog id={id} className={styles.dialog} aria-labelledby={`${id}-title`}>
          <div className={sidebarStyles.top}>
            <Heading slot="title" id={`${id}-title`} className={styles.title}>
              Кабинет дилера
            </Heading>
            <button type="button" className={sidebarStyles.toggle} aria-label="Закрыть меню" onClick={onClose}>
              <CloseIcon size={20} />
            </button>
          </div>
          <nav aria-label="Меню кабинета">
            <MenuLinks narrow={false} onFollow={onClose} />
            <CallbackEntry narrow={false} onFollow={onClose} />
          </nav>
        </Dialog>
      </Modal>
    </ModalOverlay>
  )
}
