import type { RefusedLine } from '../../contract/product-set'
import type { DraftsActor } from '../../machines/drafts.machine'
import { useDraftsApi } from './drafts-connect'
import { useInitData } from '../layout/shell-context'
import { RemoveDialog } from '../ui/remove-dialog'
import { MessageDialog, MessageText } from '../ui/message-dialog'
import { formatInteger } from '../ui/format'
import styles from './drafts.module.css'

/** The drafts page's dialogs: the removal question, the repeat result, and a failed action. */
export function DraftDialogs({ drafts }: { drafts: DraftsActor }) {
  const { dialog } = useDraftsApi(drafts)
  const { contracts, selectedContract } = useInitData()

  switch (dialog.kind) {
    case 'repeated': {
      const otherContract = dialog.otherContractOf(contracts, selectedContract)
      return (
        <MessageDialog title={dialog.title} onClose={dialog.onClose} toBasket={dialog.toBasket}>
          <MessageText>{dialog.text}</MessageText>
          {otherContract !== null ? <MessageText>Товары добавлены в корзину по договору «{otherContract}».</MessageText> : null}
          {dialog.refused.length > 0 ? <RefusedList refused={dialog.refused} /> : null}
        </MessageDialog>
      )
    }
    default:
      return <RemoveDialog dialog={dialog} />
  }
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
