import { useSelector } from '@xstate/react'
import type { RefusedLine } from '../../contract/delivery'
import { DRAFTS_MESSAGES, type DraftsActor } from '../../machines/drafts.machine'
import { useInitData } from '../layout/shell-context'
import { ConfirmDialog } from '../ui/confirm-dialog'
import { MessageDialog, MessageText } from '../ui/message-dialog'
import { formatInteger } from '../ui/format'
import styles from './drafts.module.css'

type DialogStep = 'none' | 'confirmingRemove' | 'removing' | 'added' | 'noStock' | 'repeatFailed' | 'removeFailed'

/** The drafts page's dialogs: the removal question, the repeat result, and a failed action. */
export function DraftDialogs({ drafts }: { drafts: DraftsActor }) {
  const step = useSelector(drafts, (snapshot): DialogStep => {
    if (snapshot.matches({ loaded: 'confirmingRemove' })) return 'confirmingRemove'
    if (snapshot.matches({ loaded: 'removing' })) return 'removing'
    if (snapshot.matches({ loaded: { repeated: 'added' } })) return 'added'
    if (snapshot.matches({ loaded: { repeated: 'noStock' } })) return 'noStock'
    if (snapshot.matches({ loaded: 'repeatFailed' })) return 'repeatFailed'
    if (snapshot.matches({ loaded: 'removeFailed' })) return 'removeFailed'
    return 'none'
  })
  const target = useSelector(drafts, (snapshot) => snapshot.context.target)
  const repeat = useSelector(drafts, (snapshot) => snapshot.context.repeat)
  const errorMessage = useSelector(drafts, (snapshot) => snapshot.context.errorMessage)
  const { contracts, selectedContract } = useInitData()
  const close = () => drafts.send({ type: 'dialog.close' })

  if (step === 'confirmingRemove' || step === 'removing') {
    return (
      <ConfirmDialog
        title={DRAFTS_MESSAGES.removeQuestion}
        confirmLabel="Удалить"
        isBusy={step === 'removing'}
        onConfirm={() => drafts.send({ type: 'remove.confirm' })}
        onCancel={() => drafts.send({ type: 'remove.cancel' })}
      >
        <MessageText>«{target?.header}»</MessageText>
      </ConfirmDialog>
    )
  }
  if (step === 'repeatFailed' || step === 'removeFailed') {
    return (
      <MessageDialog title={step === 'repeatFailed' ? DRAFTS_MESSAGES.repeatFailed : DRAFTS_MESSAGES.removeFailed} onClose={close}>
        <MessageText>{errorMessage}</MessageText>
      </MessageDialog>
    )
  }
  if ((step === 'added' || step === 'noStock') && repeat) {
    const otherContract = target && target.contract !== selectedContract ? contracts.find((each) => each.id === target.contract) : undefined
    return (
      <MessageDialog
        title={step === 'added' ? DRAFTS_MESSAGES.addedTitle : DRAFTS_MESSAGES.noStockTitle}
        onClose={close}
        toBasket={step === 'added'}
      >
        <MessageText>{step === 'added' ? DRAFTS_MESSAGES.addedText(repeat.count) : DRAFTS_MESSAGES.noStockText}</MessageText>
        {step === 'added' && otherContract ? <MessageText>Товары добавлены в корзину по договору «{otherContract.header}».</MessageText> : null}
        {repeat.refused.length > 0 ? <RefusedList refused={repeat.refused} /> : null}
      </MessageDialog>
    )
  }
  return null
}

/** The goods the stock could not cover: what was asked and what is free. */
function RefusedList({ refused }: { refused: RefusedLine[] }) {
  return (
    <div className={styles.refused}>
      <MessageText>Не добавлены — не хватает свободного остатка на складе:</MessageText>
      <ul aria-label="Не добавлены" className={styles.refusedList}>
        {refused.map((line) => (
          <li key={`${line.id}-${line.wms}`}>
            <span className={styles.refusedName}>{line.header}</span>{' '}
            <span className={styles.nowrap}>
              (арт. {line.articul}): нужно {formatInteger(line.requested)} шт., свободно {formatInteger(line.available)} шт.
            </span>
          </li>
        ))}
      </ul>
    </div>
  )
}
