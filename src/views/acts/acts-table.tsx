import { ACT_STATE_LABELS, actFilePath, type Act } from '../../contract/acts'
import table from '../ui/data-table.module.css'
import { formatDate } from '../ui/format'
import styles from './acts.module.css'

const STATE_CLASS: Record<Act['state'], string | undefined> = {
  queued: styles.stateWorking,
  working: styles.stateWorking,
  ready: styles.stateReady,
  failed: styles.stateFailed,
}

/** The acts of the page: a table that scrolls in its own box when the screen is narrow. */
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
          {acts.map((act) => (
            <tr key={act.id} aria-label={`Акт № ${act.id}`}>
              <th scope="row" className={`${styles.number} ${table.stickyName}`}>
                № {act.id}
              </th>
              <td>{act.contract}</td>
              <td>{act.contragent}</td>
              <td className={styles.nowrap}>
                {act.startdate} – {act.enddate}
              </td>
              <td className={styles.nowrap}>{formatDate(act.created_at)}</td>
              <td>
                <span className={`${styles.state} ${STATE_CLASS[act.state] ?? ''}`}>{ACT_STATE_LABELS[act.state]}</span>
              </td>
              <td className={styles.nowrap}>
                {act.state === 'ready' ? (
                  <a href={actFilePath(act.id)} download aria-label={`Скачать акт № ${act.id} (XLSX)`}>
                    Скачать XLSX
                  </a>
                ) : (
                  <span className={styles.muted}>—</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
