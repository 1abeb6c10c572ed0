import { useSelector } from '@xstate/react'
import { isBasketClosedOf } from '../../machines/shell.selectors'
import { SearchBox } from '../search/search-box'
import { Button } from '../ui/button'
import { useSessionActor } from '../session/session-context'
import { BasketSummary } from './basket-summary'
import { ContractSelector } from './contract-selector'
import styles from './header.module.css'
import { MenuButton } from './sidebar-drawer'
import { useInitData, useShellActor } from './shell-context'

/** Company, contract, the search field, basket summary (unless the basket is closed to the account), the user and "Выйти". */
export function Header() {
  const session = useSessionActor()
  const { account } = useInitData()
  const isBasketClosed = useSelector(useShellActor(), isBasketClosedOf)
  return (
    <header className={styles.header}>
      <MenuButton />
      <span className={styles.company} title={account.company}>
        {account.company}
      </span>
      <ContractSelector />
      <SearchBox />
      <span className={styles.spacer} />
      {isBasketClosed ? null : <BasketSummary />}
      <span className={styles.user}>
        <span className={styles.userName} title={account.name}>
          {account.name}
        </span>
        <Button variant="ghost" onPress={() => session.send({ type: 'session.logout' })}>
          Выйти
        </Button>
      </span>
    </header>
  )
}
