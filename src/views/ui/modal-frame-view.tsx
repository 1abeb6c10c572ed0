import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components'
import type { ReactNode } from 'react'

/** The class names of the overlay, the modal box, the dialog and its title (a CSS module's, usually). */
interface ModalFrameClasses {
  overlay?: string
  modal?: string
  dialog?: string
  title?: string
}

export interface ModalFrameProps {
  title: ReactNode
  children?: ReactNode
  classes: ModalFrameClasses
  /** 'alertdialog' for a question or a result the dealer must answer or read */
  role?: 'dialog' | 'alertdialog'
  /** Escape and a click outside call it; without it (a call is running) the dialog stays */
  onDismiss?: () => void
  /** announced while the dialog's call runs */
  isBusy?: boolean
}

/** The open dialog itself, in react-aria's modal (loaded lazily by modal-frame.tsx). */
export default function ModalFrameView({ title, children, classes, role = 'dialog', onDismiss, isBusy }: ModalFrameProps) {
  return (
    <ModalOverlay className={classes.overlay} isOpen isDismissable={Boolean(onDismiss)} onOpenChange={(open) => (open ? undefined : onDismiss?.())}>
      <Modal className={classes.modal}>
        <Dialog className={classes.dialog} role={role} aria-busy={isBusy || undefined}>
          <Heading slot="title" className={classes.title}>
            {title}
          </Heading>
          {children}
        </Dialog>
      </Modal>
    </ModalOverlay>
  )
}
