import type { OrdersActor } from '../../machines/orders.machine'
import { useInitData } from '../layout/shell-context'
import { Button } from '../ui/button'
import { useOrdersApi } from './orders-connect'
import styles from './orders.module.css'
import { ContractOptions } from '../ui/contract-options'

/**
 * Spec §3 Order filter: contract, article, period or dates, document, paid, state, as typed (the
 * machine keeps the draft). Applied with «Найти», which checks the dates first; the address keeps it.
 */
export function OrdersFilterForm({ orders }: { orders: OrdersActor }) {
  const { filterForm: api } = useOrdersApi(orders)
  const { contracts } = useInitData()
  return (
    <form className={styles.filter} {...api.getFormProps()}>
      <label className={styles.field}>
        <span className={styles.label}>Договор</span>
        <select {...api.getFieldProps('contract')} className={styles.input}>
          <ContractOptions contracts={contracts} />
        </select>
      </label>
      <label className={styles.field}>
        <span className={styles.label}>Артикул</span>
        <input {...api.getFieldProps('article')} maxLength={100} className={styles.input} />
      </label>
      <label className={styles.field}>
        <span className={styles.label}>Период</span>
        <select {...api.getFieldProps('dateselect')} className={styles.input}>
          {api.periodOptions.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </label>
      <label className={styles.field}>
        <span className={styles.label}>Дата с</span>
        <input {...api.getFieldProps('start_date')} placeholder="дд.мм.гггг" inputMode="numeric" maxLength={10} className={styles.input} />
      </label>
      <label className={styles.field}>
        <span className={styles.label}>Дата по</span>
        <input {...api.getFieldProps('end_date')} placeholder="дд.мм.гггг" inputMode="numeric" maxLength={10} className={styles.input} />
      </label>
      <label className={styles.field}>
        <span className={styles.label}>Номер заказа или счёта</span>
        <input {...api.getFieldProps('search_doc')} type="search" maxLength={100} className={styles.input} />
      </label>
      <label className={styles.field}>
        <span className={styles.label}>Оплата</span>
        <select {...api.getFieldProps('paid')} className={styles.input}>
          <option value="">Все</option>
          <option value="1">Оплачен</option>
          <option value="0">Не оплачен</option>
        </select>
      </label>
      <label className={styles.field}>
        <span className={styles.label}>Состояние</span>
        <select {...api.getFieldProps('state')} className={styles.input}>
          <option value="0">Все</option>
          {api.stateOptions.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </label>
      {api.error ? (
        <p id={api.error.id} role="alert" className={styles.filterError}>
          {api.error.text}
        </p>
      ) : null}
      <div className={styles.filterActions}>
        <Button type="submit" variant="primary">
          Найти
        </Button>
        <Button {...api.getResetProps()}>Сбросить</Button>
      </div>
    </form>
  )
}
