import type { PurchasedGoodsActor } from '../../machines/purchased-goods.machine'
import { Button } from '../ui/button'
import { DateField } from '../ui/date-field'
import fieldStyles from '../ui/form-field.module.css'
import { usePurchasedApi } from './purchased-connect'
import styles from './purchased.module.css'
import { ContractOptions } from '../ui/contract-options'

/** The four reports as a group of toggle buttons; the pressed one is the report shown. */
export function ReportTabs({ actor }: { actor: PurchasedGoodsActor }) {
  const { tabs } = usePurchasedApi(actor)
  return (
    <div className={styles.tabs} role="group" aria-label="Отчёт">
      {tabs.map((tab) => (
        <button key={tab.report} className={styles.tab} {...tab.getProps()}>
          {tab.label}
        </button>
      ))}
    </div>
  )
}

/** Contract and catalogue section apply at once; the period with «Показать». */
export function PurchasedFiltersForm({ actor }: { actor: PurchasedGoodsActor }) {
  const { filtersForm: api } = usePurchasedApi(actor)
  return (
    <form className={styles.filters} {...api.getFormProps()}>
      <label className={fieldStyles.field}>
        <span className={fieldStyles.label}>Договор</span>
        <select className={`${fieldStyles.input} ${styles.select}`} {...api.getContractSelectProps()}>
          <ContractOptions contracts={api.contracts} />
        </select>
      </label>
      <label className={fieldStyles.field}>
        <span className={fieldStyles.label}>Раздел каталога</span>
        <select className={`${fieldStyles.input} ${styles.select}`} {...api.getCatalogSelectProps()}>
          {api.catalogOptions.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </label>
      <div className={styles.period}>
        <DateField {...api.getStartDateProps()} />
        <DateField {...api.getEndDateProps()} />
        <Button type="submit" variant="primary" className={styles.apply}>
          Показать
        </Button>
      </div>
    </form>
  )
}
