import { Button } from '../ui/button'
import table from '../ui/data-table.module.css'
import { STATE_LABELS, type ContragentsApi } from './contragents-connect'
import styles from './contragents.module.css'

/** The company's contragents: a table, or a card per row on a phone (the same rows, restyled). */
export function ContragentsTable({ api }: { api: ContragentsApi }) {
  return (
    <table className={`${table.table} ${styles.table}`}>
      <caption className={styles.visuallyHidden}>Контрагенты</caption>
      <thead>
        <tr>
          <th scope="col">Название</th>
          <th scope="col">ИНН</th>
          <th scope="col">КПП</th>
          <th scope="col">Статус</th>
          <th scope="col">
            <span className={styles.visuallyHidden}>Действия</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {api.contragents.map((contragent) => {
          const switcher = api.getSwitchButtonProps(contragent)
          return (
            <tr key={contragent.id} aria-label={contragent.company}>
              <th scope="row" className={styles.name}>
                {contragent.company}
                {contragent.is_new ? <span className={styles.newBadge}>новый</span> : null}
              </th>
              <td data-label="ИНН" className={styles.nowrap}>
                {contragent.inn}
              </td>
              <td data-label="КПП" className={styles.nowrap}>
                {contragent.kpp || '—'}
              </td>
              <td data-label="Статус">
                <span className={contragent.state === 'active' ? styles.active : styles.inactive}>{STATE_LABELS[contragent.state]}</span>
              </td>
              <td className={styles.actionsCell}>
                <div className={styles.actions}>
                  <Button {...api.getEditButtonProps(contragent)}>Изменить</Button>
                  <Button isDisabled={switcher.isDisabled} aria-label={switcher['aria-label']} onPress={switcher.onPress}>
                    {switcher.label}
                  </Button>
                  <Button {...api.getRemoveButtonProps(contragent)}>Удалить</Button>
                </div>
              </td>
            </tr>
          )
        })}
      </tbody>
    </table>
  )
}
