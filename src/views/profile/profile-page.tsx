import { useSelector } from '@xstate/react'
import type { Account } from '../../contract/account'
import { MENU } from '../../contract/menu'
import { PROFILE_MESSAGES } from '../../machines/profile.machine'
import { WithScreen } from '../layout/with-screen'
import type { ProfileActor } from '../../machines/profile.machine'
import { JournalExport } from './journal-export'
import { ErrorBlock } from '../ui/error-block'
import { Loading } from '../ui/loading'
import { PageHeading } from '../ui/page-heading'
import tableStyles from '../ui/data-table.module.css'
import styles from './profile-page.module.css'

/** GLOSSARY: type_id '1' is the main account, '2' a manager. */
const ROLE_TITLES: Record<string, string> = { '1': 'Основной аккаунт', '2': 'Менеджер' }
const MANAGER_TYPE = '2'

const menuTitle = (key: string) => MENU.find((entry) => entry.key === key)?.title ?? key

/** /cabinet/profile/: the signed-in account (GET /api/account/{id}/). */
export function ProfilePage() {
  return (
    <WithScreen name="profile" label="Загрузка профиля…">
      {(profile) => <ProfileScreen profile={profile} />}
    </WithScreen>
  )
}

function ProfileScreen({ profile }: { profile: ProfileActor }) {
  const view = useSelector(profile, (snapshot) => (snapshot.matches('loaded') ? 'loaded' : snapshot.matches('failed') ? 'failed' : 'loading'))
  const loaded = useSelector(profile, (snapshot) => snapshot.context.account)
  const errorMessage = useSelector(profile, (snapshot) => snapshot.context.errorMessage)

  return (
    <section aria-busy={view === 'loading'}>
      <PageHeading>Профиль</PageHeading>
      {view === 'loading' ? <Loading label="Загрузка профиля…" /> : null}
      {view === 'failed' ? (
        <ErrorBlock title={PROFILE_MESSAGES.loadFailed} message={errorMessage} onRetry={() => profile.send({ type: 'profile.retry' })} />
      ) : null}
      {view === 'loaded' && loaded ? <ProfileCard account={loaded} /> : null}
      <JournalExport />
    </section>
  )
}

function ProfileCard({ account }: { account: Account }) {
  return (
    <div className={styles.card}>
      <dl className={styles.facts}>
        <dt>Имя</dt>
        <dd>{account.name}</dd>
        <dt>E-mail</dt>
        <dd>{account.email}</dd>
        <dt>Телефон</dt>
        <dd>{account.phone || '—'}</dd>
        <dt>Компания</dt>
        <dd>{account.company}</dd>
        <dt>ИНН</dt>
        <dd>{account.inn}</dd>
        <dt>Роль</dt>
        <dd>{ROLE_TITLES[account.type_id] ?? account.type_id}</dd>
      </dl>

      <section className={styles.section} aria-labelledby="profile-contracts">
        <h2 id="profile-contracts">Доступные договоры</h2>
        {account.contracts.length === 0 ? (
          <p>Нет доступных договоров</p>
        ) : (
          <table className={tableStyles.table}>
            <thead>
              <tr>
                <th scope="col">Договор</th>
                <th scope="col">Контрагент</th>
              </tr>
            </thead>
            <tbody>
              {account.contracts.map((contract) => (
                <tr key={contract.id}>
                  <td>{contract.header}</td>
                  <td>{contract.contragent}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      {account.type_id === MANAGER_TYPE ? (
        <section className={styles.section} aria-labelledby="profile-hidden">
          <h2 id="profile-hidden">Скрытые разделы</h2>
          {account.disabledMenus.length === 0 ? (
            <p>Все разделы доступны</p>
          ) : (
            <ul className={styles.chips}>
              {account.disabledMenus.map((key) => (
                <li key={key}>{menuTitle(key)}</li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
    </div>
  )
}
