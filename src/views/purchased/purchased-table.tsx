import table from '../ui/data-table.module.css'
import type { PurchasedTableApi } from './purchased-connect'
import styles from './purchased.module.css'

/** One page of a report: header and articul, then the report's own columns; a card per product on a phone. */
export function PurchasedTable({ table: api }: { table: PurchasedTableApi }) {
  return (
    // a scroll box with nothing focusable inside: focusable itself, so the keyboard can scroll it
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- as above (axe's scrollable-region-focusable)
    <div className={styles.scroll} tabIndex={0} role="region" aria-label={api.label}>
      <table className={`${table.table} ${styles.table}`} data-report={api.report}>
        <caption className="visually-hidden">{api.label}</caption>
        <thead>
          <tr>
            <th scope="col" className={table.stickyName}>
              Наименование
            </th>
            <th scope="col">Артикул</th>
            {api.columns.map(({ column, title }) => (
              <th key={column} scope="col" className={table.number}>
                {title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {api.rows.map((row) => (
            <tr key={row.id} data-product-id={row.id}>
              <th scope="row" className={`${styles.name} ${table.stickyName}`}>
                {row.header}
              </th>
              <td className={table.mono} data-label="Артикул">
                {row.articul}
              </td>
              {row.cells.map(({ column, title, text }) => (
                <td key={column} data-column={column} data-label={title} className={`${table.number} ${styles.nowrap}`}>
                  {text}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
