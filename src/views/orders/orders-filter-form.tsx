import { useSelector } from '@xstate/react'
import type { FormEvent } from 'react'
import { ORDER_PERIODS, type OrderPeriod } from '../../contract/orders'
import { ORDERS_FILTER_DEFAULTS, withFilterChange, type OrdersFilter } from '../../machines/orders-filter'
import type { OrdersActor } from '../../machines/orders.machine'
import { useInitData } from '../layout/shell-context'
import { Button } from '../ui/button'
import styles from './orders.module.css'
import { ContractOptions } from '../ui/contract-options'

const PERIOD_LABELS: Record<OrderPeriod, string> = {
  all: 'За всё время',
  week: 'За неделю',
  month: 'За месяц',
  quarter: 'За квартал',
  year: 'За год',
  period: 'За период (даты ниже)',
}

const textOf = (form: FormData, name: string) => String(form.get(name) ?? '').trim()

/** The filter the form names; any change starts again at page 1 (spec §4). */
function filterOfForm(form: FormData, current: OrdersFilter): OrdersFilter {
  const period = textOf(form, 'dateselect')
  const paid = textOf(form, 'paid')
  return withFilterChange(current, {
    contract: textOf(form, 'contract') || ORDERS_FILTER_DEFAULTS.contract,
    article: textOf(form, 'article'),
    dateselect: (ORDER_PERIODS as readonly string[]).includes(period) ? (period as OrderPeriod) : ORDERS_FILTER_DEFAULTS.dateselect,
    start_date: textOf(form, 'start_date'),
    end_date: textOf(form, 'end_date'),
    search_doc: textOf(form, 'search_doc'),
    paid: paid === '0' || paid === '1' ? paid : '',
    state: Number(textOf(form, 'state')) || 0,
  })
}

/** Spec §3 Order filter: contract, article, period or dates, document, paid, state. Applied with «Найти»; the address keeps it. */
export function OrdersFilterForm({ orders }: { orders: OrdersActor }) {
  const filter = useSelector(orders, (snapshot) => snapshot.context.filter)
  const states = useSelector(orders, (snapshot) => snapshot.context.result?.states ?? [])
  const { contracts } = useInitData()
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    orders.send({ type: 'filter.submit', filter: filterOfForm(new FormData(event.currentTarget), filter) })
  }
  return (
    // keyed by the filter: the address changing (back, a link) resets what was typed
    <form key={`${JSON.stringify(filter)} ${states.length}`} className={styles.filter} aria-label="Фильтр заказов" onSubmit={submit}>
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
          {ORDER_PERIODS.map((period) => (
            <option key={period} value={period}>
              {PERIOD_LABELS[period]}
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
          {states.map((state) => (
            <option key={state.id} value={state.id}>
              {state.header}
            </option>
          ))}
        </select>
      </label>
      <div className={styles.filterActions}>
        <Button type="submit" variant="primary">
          Найти
        </Button>
        <Button onPress={() => orders.send({ type: 'filter.submit', filter: ORDERS_FILTER_DEFAULTS })}>Сбросить</Button>
      </div>
    </form>
  )
}
