import { Button } from '../ui/button'
import table from '../ui/data-table.module.css'
import type { ManagersApi } from './managers-connect'
import styles from './managers.module.css'

/** The managers: a table that scrolls in its own box when narrow, a card per manager on a phone. */
export function ManagersTable({ api }: { api: ManagersApi }) {
  return (
    <div className={styles.tableBox}>
      <table className={`${table.table} ${styles.table}`}>
        <caption className="visually-hidden">Менеджеры</caption>
        <thead>
          <tr>
            <th scope="col">E-mail</th>
            <th scope="col">Имя</th>
            <th scope="col">Договоры</th>
            <th scope="col">Доступ</th>
            <th scope="col">Действия</th>
          </tr>
        </thead>
        <tbody>
          {api.managers.map((manager) => (
            <tr key={manager.id} aria-label={manager.email}>
              <th scope="row" className={styles.email}>
                {manager.email}
              </th>
              <td data-label="Имя">{manager.name}</td>
              <td data-label="Договоры">{manager.contracts.join(', ')}</td>
              <td data-label="Доступ">
                <SwitchButton {...api.getSwitchProps(manager)} />
              </td>
              <td data-label="Действия" className={styles.actions}>
                <Button {...api.getEditProps(manager)}>Изменить</Button>
                <Button {...api.getRemoveProps(manager)}>Удалить</Button>
                <Button {...api.getPricePolicyProps(manager)}>Ценовая политика</Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

type SwitchProps = ReturnType<ManagersApi['getSwitchProps']>

/** The enable toggle ('0'/'1'), saved as soon as it is flipped. */
function SwitchButton({ isDisabled, onPress, ...aria }: SwitchProps) {
  const on = aria['aria-checked']
  return (
    <button type="button" {...aria} disabled={isDisabled} className={`${styles.switch} ${on ? styles.switchOn : ''}`} onClick={onPress}>
      <span className={styles.switchKnob} aria-hidden="true" />
      <span className={styles.switchText}>{on ? 'Включён' : 'Отключён'}</span>
    </button>
  )
}
