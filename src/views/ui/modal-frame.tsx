import { Suspense } from 'react'
import type { ModalFrameProps } from './modal-frame-view'
import { lazyPart } from './lazy-part'

const ModalFrameView = lazyPart(() => import('./modal-frame-view'))

/**
 * A modal dialog: focus moves in and back, Escape and a click outside dismiss it. Rendered only
 * while open. react-aria's modal code (24 KB gzipped) loads when the first dialog of a visit
 * opens, not with the page, so no screen's first load carries it.
 */
export function ModalFrame(props: ModalFrameProps) {
  return (
    <Suspense fallback={null}>
      <ModalFrameView {...props} />
    </Suspense>
  )
}
