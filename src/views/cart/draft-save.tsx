import { Link } from '@tanstack/react-router'
import { Suspense } from 'react'
import type { DraftSaveActor } from '../../machines/draft-save.machine'
import { Button } from '../ui/button'
import { useDraftSaveApi } from './cart-dialogs-connect'
import styles from './draft-save.module.css'
import { lazyPart } from '../ui/lazy-part'

const loadDraftSaveDialog = () => import('./draft-save-dialog')
const DraftSaveDialog = lazyPart(loadDraftSaveDialog)
const preloadDraftSaveDialog = () => void loadDraftSaveDialog()

/** «Сохранить как черновик» in the basket toolbar: the button, the name dialog and the "saved" message. */
export function DraftSave({ draftSave }: { draftSave: DraftSaveActor }) {
  const api = useDraftSaveApi(draftSave)
  return (
    <>
      <Button className={styles.open} onPointerEnter={preloadDraftSaveDialog} onFocus={preloadDraftSaveDialog} {...api.getOpenButtonProps()} />
      {api.saved ? (
        <div className={styles.saved} role="status" aria-label="Черновик сохранён">
          <p>
            {api.saved.text}. <Link to="/cabinet/drafts/">Перейти к черновикам</Link>
          </p>
          <Button variant="ghost" onPress={api.saved.onClose}>
            Закрыть
          </Button>
        </div>
      ) : null}
      {api.dialog ? (
        <Suspense fallback={null}>
          <DraftSaveDialog dialog={api.dialog} />
        </Suspense>
      ) : null}
    </>
  )
}
