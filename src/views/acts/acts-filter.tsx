import { Button } from '../ui/button'
import { DateField } from '../ui/date-field'
import type { ActsApi } from './acts-connect'
import { ChoiceField } from './choice-field'
import styles from './acts.module.css'

/** The list's filter: contract, contragent and the period the acts were requested in, applied by «Показать». */
export function ActsFilterForm({ filter }: { filter: ActsApi['filter'] }) {
  return (
    <form className={styles.filter} {...filter.getFormProps()}>
      <ChoiceField {...filter.getContractProps()} />
      <ChoiceField {...filter.getContragentProps()} />
      <DateField {...filter.getStartDateProps()} />
      <DateField {...filter.getEndDateProps()} />
      <div className={styles.filterActions}>
        <Button type="submit">Показать</Button>
      </div>
    </form>
  )
}
