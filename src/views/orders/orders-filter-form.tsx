import type { FormEvent } from 'react'
import type { OrdersActor } from '../../machines/orders.machine'
import { useInitData } from '../layout/shell-context'
import { Button } from '../ui/button'
import { useOrdersApi } from './orders-connect'
import styles from './orders.module.css'
import { ContractOptions } from '../ui/contract-options'

/** Spec §3 Order filter: contract, article, period or dates, document, paid, state. Applied with «Найти»; the address keeps it. */
export function OrdersFilterForm({ orders }: { orders: OrdersActor }) {
  const { filterForm: api } = useOrdersApi(orders)
  const { filter } = api
  const { contracts } = useInitData()
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    api.submit(new FormData(event.currentTarget))
  }
  return (
    // keyed by the filter: the address changing (back, a link) resets what was typed
    <form key={api.formKey} className={styles.filter} aria-label="Фильтр заказов" onSubmit={submit}>
      <label className={styles.field}>
        <span className={styles.label}>Договор</span>
        <select name="contract" defaultValue={filter.contract} className={styles.input}>
          <ContractOptions contracts={contracts} />
        </select>
      </label>
      <label className={styles.field}>
        <span className={styles.label}>Артикул</span>
        <input name="article" defaultValue={filter.article} maxLength={100} className={styles.input} />
      </label>
      <label className={styles.field}>
        <span className={styles.label}>Период</span>
        <select name="dateselect" defaultValue={filter.dateselect} className={styles.input}>
          {api.periodOptions.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </label>
      <label className={styles.field}>
        <span className={styles.label}>Дата с</span>
        <input
          name="start_date"
          defaultValue={filter.start_date}
          placeholder="дд.мм.гггг"
          inputMode="numeric"
          pattern="\d{2}\.\d{2}\.\d{4}"
          className={styles.input}
        />
      </label>
      <label className={styles.field}>
        <span className={styles.label}>Дата по</span>
        <input
          name="end_date"
          defaultValue={filter.end_date}
          placeholder="дд.мм.гггг"
          inputMode="numeric"
          pattern="\d{2}\.\d{2}\.\d{4}"
          className={styles.input}
        />
      </label>
      <label className={styles.field}>
        <span className={styles.label}>Номер заказа или счёта</span>
        <input name="search_doc" type="search" defaultValue={filter.search_doc} maxLength={100} className={styles.input} />
      </label>
      <label className={styles.field}>
        <span className={styles.label}>Оплата</span>
        <select name="paid" defaultValue={filter.paid} className={styles.input}>
          <option value="">Все</option>
          <option value="1">Оплачен</option>
          <option value="0">Не оплачен</option>
        </select>
      </label>
      <label className={styles.field}>
        <span className={styles.label}>Состояние</span>
        <select name="state" defaultValue={String(filter.state)} className={styles.input}>
          <option value="0">Все</option>
          {api.stateOptions.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </label>
      <div className={styles.filterActions}>
        <Button type="submit" variant="primary">
          Найти
        </Button>
        <Button {...api.getResetProps()}>Сбросить</Button>
      </div>
    </form>
  )
}
