import type { Act } from '../../contract/acts'
import table from '../ui/data-table.module.css'
import { actRowOf, type ActStateTone } from './acts-connect'
import styles from './acts.module.css'

const TONE_CLASS: Record<ActStateTone, string | undefined> = {
  working: styles.stateWorking,
  ready: styles.stateReady,
  failed: styles.stateFailed,
}

/** The acts of the page: a table that scrolls in its own box when it is narrow, a card per act on a phone. */
export function ActsTable({ acts }: { acts: Act[] }) {
  return (
    <div className={styles.tableBox}>
      <table className={`${table.table} ${styles.table}`}>
        <caption className="visually-hidden">Акты сверки</caption>
        <thead>
          <tr>
            <th scope="col" className={table.stickyName}>
              Акт
            </th>
            <th scope="col">Договор</th>
            <th scope="col">Контрагент</th>
            <th scope="col">Период</th>
            <th scope="col">Запрошен</th>
            <th scope="col">Состояние</th>
            <th scope="col">Файл</th>
          </tr>
        </thead>
        <tbody>
          {acts.map((act) => {
            const row = actRowOf(act)
            return (
              <tr key={act.id} aria-label={row.label}>
                <th scope="row" className={`${styles.number} ${table.stickyName}`}>
                  № {act.id}
                </th>
                <td data-label="Договор">{act.contract}</td>
                <td data-label="Контрагент">{act.contragent}</td>
                <td data-label="Период" className={styles.nowrap}>
                  {row.period}
                </td>
                <td data-label="Запрошен" className={styles.nowrap}>
                  {row.requestedOn}
                </td>
                <td data-label="Состояние">
                  <span className={`${styles.state} ${TONE_CLASS[row.tone] ?? ''}`}>{row.stateLabel}</span>
                </td>
                <td data-label="Файл" className={styles.nowrap}>
                  {row.file ? (
                    <a {...row.file} download>
                      Скачать XLSX
                    </a>
                  ) : (
                    <span className={styles.muted}>—</span>
                  )}
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
