import { Link } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import type { FormEvent } from 'react'
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components'
import { DRAFT_HEADER_MAX_LENGTH } from '../../contract/drafts'
import { DRAFT_SAVE_MESSAGES, type DraftSaveActor } from '../../machines/draft-save.machine'
import type { BasketActor } from '../../machines/basket.machine'
import { Button } from '../ui/button'
import dialogStyles from '../ui/confirm-dialog.module.css'
import { ErrorBlock } from '../ui/error-block'
import { FormField } from '../ui/form-field'
import styles from './draft-save.module.css'

const DRAFT_SAVE_BUTTON = 'Сохранить как черновик'

/** «Сохранить как черновик» in the basket toolbar: the button, the name dialog and the "saved" message. */
export function DraftSave({ basket, isBasketBusy }: { basket: BasketActor; isBasketBusy: boolean }) {
  const draftSave = useSelector(basket, (snapshot) => snapshot.children.draftSave)
  return draftSave ? <DraftSaveControls draftSave={draftSave} isBasketBusy={isBasketBusy} /> : null
}

function DraftSaveControls({ draftSave, isBasketBusy }: { draftSave: DraftSaveActor; isBasketBusy: boolean }) {
  const step = useSelector(draftSave, (snapshot) =>
    snapshot.matches('closed') ? 'closed' : snapshot.matches('saved') ? 'saved' : snapshot.matches('saving') ? 'saving' : 'editing',
  )
  return (
    <>
      <Button
        className={styles.open}
        isDisabled={isBasketBusy || step === 'editing' || step === 'saving'}
        onPress={() => draftSave.send({ type: 'draft.open', now: new Date().toISOString() })}
      >
        {DRAFT_SAVE_BUTTON}
      </Button>
      {step === 'saved' ? <SavedMessage draftSave={draftSave} /> : null}
      {step === 'editing' || step === 'saving' ? <DraftSaveDialog draftSave={draftSave} isSaving={step === 'saving'} /> : null}
    </>
  )
}

function SavedMessage({ draftSave }: { draftSave: DraftSaveActor }) {
  const header = useSelector(draftSave, (snapshot) => snapshot.context.draft?.header ?? '')
  return (
    <div className={styles.saved} role="status" aria-label="Черновик сохранён">
      <p>
        {DRAFT_SAVE_MESSAGES.saved(header)}. <Link to="/cabinet/drafts/">Перейти к черновикам</Link>
      </p>
      <Button variant="ghost" onPress={() => draftSave.send({ type: 'draft.dismiss' })}>
        Закрыть
      </Button>
    </div>
  )
}

function DraftSaveDialog({ draftSave, isSaving }: { draftSave: DraftSaveActor; isSaving: boolean }) {
  const header = useSelector(draftSave, (snapshot) => snapshot.context.header)
  const problem = useSelector(draftSave, (snapshot) => snapshot.context.problem)
  const failed = useSelector(draftSave, (snapshot) => snapshot.matches({ editing: 'failed' }))
  const errorMessage = useSelector(draftSave, (snapshot) => snapshot.context.errorMessage)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    draftSave.send({ type: 'draft.save' })
  }
  return (
    <ModalOverlay
      className={dialogStyles.overlay}
      isOpen
      isDismissable={!isSaving}
      isKeyboardDismissDisabled={isSaving}
      onOpenChange={(open) => (open ? undefined : draftSave.send({ type: 'draft.cancel' }))}
    >
      <Modal className={dialogStyles.modal}>
        <Dialog className={dialogStyles.dialog}>
          <Heading slot="title" className={dialogStyles.title}>
            {DRAFT_SAVE_BUTTON}
          </Heading>
          <form className={styles.form} onSubmit={submit} noValidate>
            <FormField
              label="Название черновика"
              value={header}
              error={problem}
              isRequired
              isDisabled={isSaving}
              maxLength={DRAFT_HEADER_MAX_LENGTH}
              autoFocus
              onChange={(value) => draftSave.send({ type: 'draft.change', header: value })}
              onBlur={() => draftSave.send({ type: 'draft.blur' })}
            />
            {failed ? <ErrorBlock title={DRAFT_SAVE_MESSAGES.saveFailed} message={errorMessage} /> : null}
            <div className={dialogStyles.actions}>
              <Button type="submit" variant="primary" isDisabled={isSaving}>
                {isSaving ? 'Сохранение…' : 'Сохранить'}
              </Button>
              <Button isDisabled={isSaving} onPress={() => draftSave.send({ type: 'draft.cancel' })}>
                Отмена
              </Button>
            </div>
          </form>
        </Dialog>
      </Modal>
    </ModalOverlay>
  )
}
