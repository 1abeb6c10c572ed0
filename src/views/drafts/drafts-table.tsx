import { useSelector } from '@xstate/react'
import { isBasketClosedOf } from '../../machines/shell.selectors'
import { useInitData, useShellActor } from '../layout/shell-context'
import { Button } from '../ui/button'
import { SelectionCell, SelectionHeaderRow } from '../ui/selection-bar'
import table from '../ui/data-table.module.css'
import { formatMoscowDateTime } from '../../contract/moscow-time'
import { formatInteger } from '../ui/format'
import type { DraftsApi } from './drafts-connect'
import styles from './drafts.module.css'

/** dd.mm.yyyy hh:mm in Moscow time, or the text as it came when it is not a time */
function formatCreatedAt(iso: string): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? iso : formatMoscowDateTime(date)
}

/** The drafts of the page: a table, or a list of cards on a phone (the same rows, restyled). */
export function DraftsTable({ api }: { api: DraftsApi }) {
  const { contracts } = useInitData()
  // a manager whose basket is closed gets no «Повторить»: it fills the basket (issue 21, item 12)
  const canRepeat = !useSelector(useShellActor(), isBasketClosedOf)
  return (
    <table className={`${table.table} ${styles.table}`}>
      <caption className={styles.visuallyHidden}>Черновики корзины</caption>
      <thead>
        <SelectionHeaderRow api={api.selection} columns={6}>
          <th scope="col" data-caption>
            Название
          </th>
          <th scope="col">Дата</th>
          <th scope="col">Договор</th>
          <th scope="col" className={table.number}>
            Товаров
          </th>
          <th scope="col" className={table.number}>
            Штук
          </th>
          <th scope="col">
            <span className={styles.visuallyHidden}>Действия</span>
          </th>
        </SelectionHeaderRow>
      </thead>
      <tbody>
        {api.drafts.map((draft) => (
          <tr key={draft.id} aria-label={draft.header}>
            <SelectionCell api={api.selection} id={draft.id} />
            <th scope="row" className={styles.name}>
              {draft.header}
            </th>
            <td data-label="Дата" className={styles.nowrap}>
              {formatCreatedAt(draft.created_at)}
            </td>
            <td data-label="Договор">{api.contractNameOf(contracts, draft.contract)}</td>
            <td data-label="Товаров" className={table.number}>
              {formatInteger(draft.count)}
            </td>
            <td data-label="Штук" className={table.number}>
              {formatInteger(draft.qnt)}
            </td>
            <td className={styles.actionsCell}>
              <div className={styles.actions}>
                {canRepeat ? (
                  <Button variant="primary" {...api.getRepeatButtonProps(draft)}>
                    Повторить
                  </Button>
                ) : null}
                <Button {...api.getRemoveButtonProps(draft)}>Удалить</Button>
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
