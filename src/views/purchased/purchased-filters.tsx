import { useSelector } from '@xstate/react'
import type { FormEvent } from 'react'
import { PURCHASED_REPORTS, PURCHASED_REPORT_TITLES } from '../../contract/purchased-goods'
import type { PurchasedGoodsActor } from '../../machines/purchased-goods.machine'
import { Button } from '../ui/button'
import { DateField } from '../ui/date-field'
import fieldStyles from '../ui/form-field.module.css'
import styles from './purchased.module.css'
import { ContractOptions } from '../ui/contract-options'

/** The four reports as a group of toggle buttons; the pressed one is the report shown. */
export function ReportTabs({ actor }: { actor: PurchasedGoodsActor }) {
  const report = useSelector(actor, (snapshot) => snapshot.context.filters.report)
  return (
    <div className={styles.tabs} role="group" aria-label="Отчёт">
      {PURCHASED_REPORTS.map((each) => (
        <button
          key={each}
          type="button"
          className={styles.tab}
          aria-pressed={each === report}
          onClick={() => actor.send({ type: 'report.select', report: each })}
        >
          {PURCHASED_REPORT_TITLES[each]}
        </button>
      ))}
    </div>
  )
}

const NBSP = '\u00a0'

/** Contract and catalogue section apply at once; the period with «Показать». */
export function PurchasedFiltersForm({ actor }: { actor: PurchasedGoodsActor }) {
  const filters = useSelector(actor, (snapshot) => snapshot.context.filters)
  const period = useSelector(actor, (snapshot) => snapshot.context.period)
  const periodError = useSelector(actor, (snapshot) => snapshot.context.periodError)
  const contracts = useSelector(actor, (snapshot) => snapshot.context.result?.contracts ?? [])
  const categories = useSelector(actor, (snapshot) => snapshot.context.result?.categories ?? [])
  const apply = (event: FormEvent) => {
    event.preventDefault()
    actor.send({ type: 'period.apply' })
  }
  return (
    <form className={styles.filters} onSubmit={apply} aria-label="Фильтр отчёта">
      <label className={fieldStyles.field}>
        <span className={fieldStyles.label}>Договор</span>
        <select
          className={`${fieldStyles.input} ${styles.select}`}
          value={filters.contract}
          onChange={(event) => actor.send({ type: 'contract.select', contract: event.target.value })}
        >
          <ContractOptions contracts={contracts} />
        </select>
      </label>
      <label className={fieldStyles.field}>
        <span className={fieldStyles.label}>Раздел каталога</span>
        <select
          className={`${fieldStyles.input} ${styles.select}`}
          value={String(filters.catalog)}
          onChange={(event) => actor.send({ type: 'catalog.select', catalog: Number(event.target.value) })}
        >
          <option value="0">Все разделы</option>
          {categories.map((category) => (
            <option key={category.id} value={category.id}>
              {NBSP.repeat(category.depth * 3) + category.header}
            </option>
          ))}
        </select>
      </label>
      <div className={styles.period}>
        <DateField
          label="С"
          id="purchased-start"
          value={period.startDate}
          max={period.endDate || undefined}
          error={periodError}
          onChange={(text) => actor.send({ type: 'period.edit', field: 'startDate', text })}
        />
        <DateField
          label="По"
          id="purchased-end"
          value={period.endDate}
          min={period.startDate || undefined}
          onChange={(text) => actor.send({ type: 'period.edit', field: 'endDate', text })}
        />
        <Button type="submit" variant="primary" className={styles.apply}>
          Показать
        </Button>
      </div>
    </form>
  )
}
