import { useId } from 'react'
import { useSelector } from '@xstate/react'
import { contractTitle } from '../../contract/frame'
import { Button } from '../ui/button'
import { Spinner } from '../ui/loading'
import styles from './contract-selector.module.css'
import { useInitData, useShellActor } from './shell-context'

/**
 * "Договор": picks the selected contract (POST /api/setContract/); a refusal is shown until
 * closed. A native select: keyboard, type-ahead and screen readers work as everywhere else.
 */
export function ContractSelector() {
  const shell = useShellActor()
  const { contracts, selectedContract } = useInitData()
  const switching = useSelector(shell, (snapshot) => snapshot.matches({ ready: { contract: 'switchingContract' } }))
  const failed = useSelector(shell, (snapshot) => snapshot.matches({ ready: { contract: 'contractSwitchFailed' } }))
  const errorMessage = useSelector(shell, (snapshot) => snapshot.context.errorMessage)
  const selectId = useId()

  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={selectId}>
        Договор
      </label>
      <select
        id={selectId}
        className={styles.trigger}
        value={selectedContract}
        disabled={switching}
        onChange={(event) => shell.send({ type: 'contract.select', id: event.target.value })}
      >
        {contracts.map((contract) => (
          <option key={contract.id} value={contract.id}>
            {contractTitle(contract)}
          </option>
        ))}
      </select>
      {switching ? (
        <span className={styles.status} role="status">
          <Spinner />
          Переключаем договор…
        </span>
      ) : null}
      {failed ? (
        <span className={styles.error} role="alert">
          {errorMessage}
          <Button variant="ghost" onPress={() => shell.send({ type: 'shell.dismiss' })}>
            Закрыть
          </Button>
        </span>
      ) : null}
    </div>
  )
}
