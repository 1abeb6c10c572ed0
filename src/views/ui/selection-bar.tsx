import type { ReactNode } from 'react'
import { Button, buttonClassName } from './button'
import styles from './selection-bar.module.css'
import type { SelectionApi } from './selection-connect'

/**
 * A table's header row with bulk selection: the check-all box, then the column titles, or with
 * rows checked the bar (the count, the bulk actions, «Снять выбор») across as many columns. On a
 * phone only the box and the title marked `data-caption` (or the bar) show, above the cards; the
 * table shows its head there (`--cards-head`).
 */
export function SelectionHeaderRow({ api, columns, children }: { api: SelectionApi; columns: number; children: ReactNode }) {
  return (
    <tr className={styles.headRow}>
      <th scope="col" className={styles.checkCell}>
        <input {...api.getSelectAllProps()} ref={(box) => void (box && (box.indeterminate = api.isPartlySelected))} />
      </th>
      {api.hasSelection ? (
        <th scope="col" colSpan={columns} className={styles.bar}>
          <SelectionBar api={api} />
        </th>
      ) : (
        children
      )}
    </tr>
  )
}

/** The bar: «Выбрано: N», the bulk actions and «Снять выбор». */
function SelectionBar({ api }: { api: SelectionApi }) {
  return (
    <div className={styles.barContent} role="group" aria-label="Действия с выбранными">
      <span role="status">{api.text}</span>
      {api.actions.map((action) =>
        action.kind === 'link' ? (
          <a key={action.key} className={buttonClassName()} href={action.href} download={action.download}>
            {action.label}
          </a>
        ) : (
          <Button key={action.key} variant={action.isPrimary ? 'primary' : 'secondary'} isDisabled={action.isDisabled} onPress={action.onPress}>
            {action.label}
          </Button>
        ),
      )}
      <Button variant="ghost" {...api.getClearProps()}>
        Снять выбор
      </Button>
    </div>
  )
}

/** A row's box, in the first cell. */
export function SelectionCell({ api, id }: { api: SelectionApi; id: number }) {
  return (
    <td className={styles.checkCell}>
      <input {...api.getRowCheckboxProps(id)} />
    </td>
  )
}
