import { Suspense } from 'react'
import type { ManagersActor } from '../../machines/managers.machine'
import { MANAGERS_MESSAGES } from '../../machines/managers.machine'
import { WithScreen } from '../layout/with-screen'
import { Button } from '../ui/button'
import { EmptyState } from '../ui/empty-state'
import { ErrorBlock } from '../ui/error-block'
import { Loading } from '../ui/loading'
import { PageHeading } from '../ui/page-heading'
import { MANAGERS_LOADING_LABEL, useManagersApi, type ManagersApi } from './managers-connect'
import { ManagersTable } from './managers-table'
import styles from './managers.module.css'
import { lazyPart } from '../ui/lazy-part'

/** The manager's form, the price policy dialog and the remove / failure dialogs load when first opened, not with the list. */
const ManagersDialogs = lazyPart(() => import('./managers-dialogs').then((module) => ({ default: module.ManagersDialogs })))
const ManagerFormDialog = lazyPart(() => import('./manager-form-dialog').then((module) => ({ default: module.ManagerFormDialog })))
const PricePolicyDialog = lazyPart(() => import('./price-policy-dialog').then((module) => ({ default: module.PricePolicyDialog })))

/** /cabinet/managers/ (main account only): the company's managers. */
export function ManagersPage() {
  return (
    <WithScreen name="managers" label={MANAGERS_LOADING_LABEL}>
      {(managers) => <ManagersScreen managers={managers} />}
    </WithScreen>
  )
}

function ManagersScreen({ managers }: { managers: ManagersActor }) {
  const api = useManagersApi(managers)
  return (
    <section className={styles.page} aria-labelledby="managers-title">
      <PageHeading
        actions={
          <Button variant="primary" {...api.getAddProps()}>
            Добавить менеджера
          </Button>
        }
      >
        <span id="managers-title">Менеджеры</span>
      </PageHeading>
      {api.savedNotice ? (
        <div className={styles.notice} role="status">
          <p>{api.savedNotice}</p>
          <Button onPress={api.closeNotice}>Закрыть</Button>
        </div>
      ) : null}
      <ManagersBody api={api} />
      <Suspense fallback={null}>
        {api.dialog.kind !== 'none' ? <ManagersDialogs api={api} /> : null}
        {api.form ? <ManagerFormDialog form={api.form} /> : null}
        {api.pricing ? <PricePolicyDialog pricing={api.pricing} /> : null}
      </Suspense>
    </section>
  )
}

function ManagersBody({ api }: { api: ManagersApi }) {
  switch (api.view) {
    case 'failed':
      return <ErrorBlock {...api.getRetryProps()} />
    case 'loading':
      return <Loading label={MANAGERS_LOADING_LABEL} />
    case 'empty':
      return <EmptyState title={MANAGERS_MESSAGES.empty} hint={MANAGERS_MESSAGES.emptyHint} />
    case 'list':
      return <ManagersTable api={api} />
  }
}
