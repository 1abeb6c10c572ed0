import { Fragment, Suspense } from 'react'
import { WithScreen } from '../layout/with-screen'
import type { ProfileActor } from '../../machines/profile.machine'
import { DetailsForm } from './details-form'
import { PasswordForm } from './password-form'
import { useProfileApi, type ProfileCard } from './profile-connect'
import { ErrorBlock } from '../ui/error-block'
import { Loading } from '../ui/loading'
import { PageHeading } from '../ui/page-heading'
import tableStyles from '../ui/data-table.module.css'
import styles from './profile-page.module.css'
import { lazyPart } from '../ui/lazy-part'

/** «Журнал действий» and «Сообщить о проблеме» (its view-model and selectors) load when the screen first shows, beside the account's call. */
const JournalExport = lazyPart(() => import('./journal-export').then((module) => ({ default: module.JournalExport })))
const ProblemReport = lazyPart(() => import('./problem-report').then((module) => ({ default: module.ProblemReport })))

/** /cabinet/profile/: the signed-in account (GET /api/account/{id}/). */
export function ProfilePage() {
  return (
    <WithScreen name="profile" label="Загрузка профиля…">
      {(profile) => <ProfileScreen profile={profile} />}
    </WithScreen>
  )
}

function ProfileScreen({ profile }: { profile: ProfileActor }) {
  const api = useProfileApi(profile)
  return (
    <section aria-busy={api.isBusy}>
      <PageHeading>Профиль</PageHeading>
      {api.view === 'loading' ? <Loading label="Загрузка профиля…" /> : null}
      {api.view === 'failed' ? <ErrorBlock {...api.getFailedProps()} /> : null}
      {api.card ? <ProfileCardView card={api.card} /> : null}
      {api.details ? <DetailsForm form={api.details} /> : null}
      {api.passwordChange ? <PasswordForm actor={api.passwordChange} /> : null}
      <Suspense fallback={null}>
        <JournalExport />
        {api.problemReport ? <ProblemReport actor={api.problemReport} /> : null}
      </Suspense>
    </section>
  )
}

function ProfileCardView({ card }: { card: ProfileCard }) {
  return (
    <div className={styles.card}>
      <dl className={styles.facts}>
        {card.facts.map((fact) => (
          <Fragment key={fact.title}>
            <dt>{fact.title}</dt>
            <dd>{fact.value}</dd>
          </Fragment>
        ))}
      </dl>

      <section className={styles.section} aria-labelledby="profile-contracts">
        <h2 id="profile-contracts">Доступные договоры</h2>
        {card.contracts.length === 0 ? (
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
              {card.contracts.map((contract) => (
                <tr key={contract.id}>
                  <td>{contract.header}</td>
                  <td>{contract.contragent}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      {card.hiddenSections ? (
        <section className={styles.section} aria-labelledby="profile-hidden">
          <h2 id="profile-hidden">Скрытые разделы</h2>
          {card.hiddenSections.length === 0 ? (
            <p>Все разделы доступны</p>
          ) : (
            <ul className={styles.chips}>
              {card.hiddenSections.map((section) => (
                <li key={section.key}>{section.title}</li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
    </div>
  )
}
