import { useSelector } from '@xstate/react'
import type { FormEvent } from 'react'
import type { ActsActor } from '../../machines/acts.machine'
import type { ActsFilter } from '../../machines/act-rules'
import { Button } from '../ui/button'
import { DateField } from '../ui/date-field'
import { ChoiceField } from './choice-field'
import styles from './acts.module.css'
import { contractChoices } from '../ui/contract-options'

/** The list's filter: contract, contragent and the period the acts were requested in, applied by «Показать». */
export function ActsFilterForm({ acts }: { acts: ActsActor }) {
  const draft = useSelector(acts, (snapshot) => snapshot.context.draft)
  const error = useSelector(acts, (snapshot) => snapshot.context.filterErrorMessage)
  const contracts = useSelector(acts, (snapshot) => snapshot.context.result?.contracts ?? [])
  const contragents = useSelector(acts, (snapshot) => snapshot.context.result?.contragents ?? [])
  const edit = (field: keyof ActsFilter) => (value: string) => acts.send({ type: 'filter.edit', field, value })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    acts.send({ type: 'filter.apply' })
  }
  return (
    <form className={styles.filter} onSubmit={submit} noValidate aria-label="Отбор актов">
      <ChoiceField label="Договор" value={draft.contract} options={contractChoices(contracts)} onChange={edit('contract')} />
      <ChoiceField
        label="Контрагент"
        value={draft.contragent}
        options={[{ value: '0', label: 'Все контрагенты' }, ...contragents.map((c) => ({ value: c.id, label: c.company }))]}
        onChange={edit('contragent')}
      />
      <DateField label="Запрошены с" value={draft.startDate} onChange={edit('startDate')} error={error} />
      <DateField label="Запрошены по" value={draft.endDate} onChange={edit('endDate')} />
      <div className={styles.filterActions}>
        <Button type="submit">Показать</Button>
      </div>
    </form>
  )
}
