import {
  PURCHASED_REPORT_COLUMNS,
  PURCHASED_REPORT_TITLES,
  type PurchasedColumn,
  type PurchasedGoodsResponse,
  type PurchasedRow,
} from '../../contract/purchased-goods'
import table from '../ui/data-table.module.css'
import { formatInteger, formatMoney } from '../ui/format'
import styles from './purchased.module.css'

/** dd.mm.yyyy of the Moscow day the order was placed, whatever the browser's zone */
const moscowDate = new Intl.DateTimeFormat('ru-RU', { timeZone: 'Europe/Moscow', day: '2-digit', month: '2-digit', year: 'numeric' })

const COLUMN_TITLES: Record<PurchasedColumn, string> = {
  qnt: 'Количество, шт.',
  orders: 'Заказов',
  lastDate: 'Последний заказ',
  sum: 'Сумма',
}

const cellText: Record<PurchasedColumn, (row: PurchasedRow) => string> = {
  qnt: (row) => formatInteger(row.qnt),
  orders: (row) => formatInteger(row.orders),
  lastDate: (row) => moscowDate.format(new Date(row.lastDate)),
  sum: (row) => formatMoney(row.sum),
}

/** One page of a report: header and articul, then the report's own columns (PURCHASED_REPORT_COLUMNS). */
export function PurchasedTable({ result }: { result: PurchasedGoodsResponse }) {
  const columns = PURCHASED_REPORT_COLUMNS[result.report]
  return (
    // a scroll box with nothing focusable inside: focusable itself, so the keyboard can scroll it
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- as above (axe's scrollable-region-focusable)
    <div className={styles.scroll} tabIndex={0} role="region" aria-label={`Отчёт «${PURCHASED_REPORT_TITLES[result.report]}»`}>
      <table className={`${table.table} ${styles.table}`} data-report={result.report}>
        <caption className="visually-hidden">{`Отчёт «${PURCHASED_REPORT_TITLES[result.report]}»`}</caption>
        <thead>
          <tr>
            <th scope="col" className={table.stickyName}>
              Наименование
            </th>
            <th scope="col">Артикул</th>
            {columns.map((column) => (
              <th key={column} scope="col" className={table.number}>
                {COLUMN_TITLES[column]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {result.rows.map((row) => (
            <tr key={row.id} data-product-id={row.id}>
              <th scope="row" className={`${styles.name} ${table.stickyName}`}>
                {row.header}
              </th>
              <td className={table.mono}>{row.articul}</td>
              {columns.map((column) => (
                <td key={column} data-column={column} className={`${table.number} ${styles.nowrap}`}>
                  {cellText[column](row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
