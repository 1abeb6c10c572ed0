import { useSelector } from '@xstate/react'
import { Button, Label, ListBox, ListBoxItem, Popover, Select, SelectValue, Text } from 'react-aria-components'
import { Button as AppButton } from '../ui/button'
import { Spinner } from '../ui/loading'
import styles from './contract-selector.module.css'
import { useInitData, useShellActor } from './shell-context'

/** "Договор": picks the selected contract (POST /api/setContract/); a refusal is shown until closed. */
export function ContractSelector() {
  const shell = useShellActor()
  const { contracts, selectedContract } = useInitData()
  const switching = useSelector(shell, (snapshot) => snapshot.matches({ ready: 'switchingContract' }))
  const failed = useSelector(shell, (snapshot) => snapshot.matches({ ready: 'contractSwitchFailed' }))
  const errorMessage = useSelector(shell, (snapshot) => snapshot.context.errorMessage)

  return (
    <div className={styles.field}>
      <Select
        className={styles.field}
        value={selectedContract}
        isDisabled={switching}
        onChange={(key) => {
          if (key !== null) shell.send({ type: 'contract.select', id: String(key) })
        }}
      >
        <Label className={styles.label}>Договор</Label>
        <Button className={styles.trigger}>
          <SelectValue className={styles.value}>{({ selectedText }) => selectedText}</SelectValue>
          <span aria-hidden="true">▾</span>
        </Button>
        <Popover className={styles.popover}>
          <ListBox className={styles.list} items={contracts}>
            {(contract) => (
              <ListBoxItem id={contract.id} textValue={contract.header} className={styles.option}>
                <Text slot="label">{contract.header}</Text>
                <Text slot="description" className={styles.contragent}>
                  {contract.contragent}
                </Text>
              </ListBoxItem>
            )}
          </ListBox>
        </Popover>
      </Select>
      {switching ? (
        <span className={styles.status} role="status">
          <Spinner />
          Переключаем договор…
        </span>
      ) : null}
      {failed ? (
        <span className={styles.error} role="alert">
          {errorMessage}
          <AppButton variant="ghost" onPress={() => shell.send({ type: 'shell.dismiss' })}>
            Закрыть
          </AppButton>
        </span>
      ) : null}
    </div>
  )
}
