import { Button } from '../ui/button'
import table from '../ui/data-table.module.css'
import type { AddressesApi } from './addresses-connect'
import styles from './addresses.module.css'

/** The addresses of the page: a table, or a card per address on a phone; the address saved last is highlighted. */
export function AddressesTable({ api }: { api: AddressesApi }) {
  return (
    <table className={`${table.table} ${styles.table}`}>
      <caption className={styles.visuallyHidden}>Адреса доставки</caption>
      <thead>
        <tr>
          <th scope="col" data-caption>
            Адрес
          </th>
          <th scope="col">Индекс</th>
          <th scope="col">
            <span className={styles.visuallyHidden}>Действия</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {api.addresses.map((address) => (
          <tr key={address.id} aria-label={address.full_address} aria-current={api.isSelected(address) || undefined} className={styles.row}>
            <th scope="row" className={styles.name}>
              {address.full_address}
            </th>
            <td data-label="Индекс" className={styles.nowrap}>
              {address.postindex || '—'}
            </td>
            <td className={styles.actionsCell}>
              <div className={styles.actions}>
                <Button {...api.getEditButtonProps(address)}>Изменить</Button>
                <Button {...api.getRemoveButtonProps(address)}>Удалить</Button>
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
