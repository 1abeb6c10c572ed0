import { Suspense } from 'react'
import type { ConsigneesActor } from '../../machines/consignees.machine'
import { CONSIGNEES_MESSAGES } from '../../machines/consignees.machine'
import { WithScreen } from '../layout/with-screen'
import { Button } from '../ui/button'
import { EmptyState } from '../ui/empty-state'
import { ErrorBlock } from '../ui/error-block'
import { Loading } from '../ui/loading'
import { PageHeading } from '../ui/page-heading'
import { LazyRemoveDialog } from '../ui/lazy-remove-dialog'
import { CONSIGNEES_LOADING_LABEL, useConsigneesApi, type ConsigneesApi } from './consignees-connect'
import { ConsigneesTable } from './consignees-table'
import styles from './consignees.module.css'
import { lazyPart } from '../ui/lazy-part'

/** The add/edit modal (its view-model and suggestion field) loads when first opened, not with the list. */
const ConsigneeFormDialog = lazyPart(() => import('./consignee-form-dialog').then((module) => ({ default: module.ConsigneeFormDialog })))

/** /cabinet/consignees/: the company's consignees, the add/edit modal and the removal. */
export function ConsigneesPage() {
  return (
    <WithScreen name="consignees" label={CONSIGNEES_LOADING_LABEL}>
      {(consignees) => <ConsigneesScreen consignees={consignees} />}
    </WithScreen>
  )
}

function ConsigneesScreen({ consignees }: { consignees: ConsigneesActor }) {
  const api = useConsigneesApi(consignees)
  return (
    <section className={styles.page} aria-labelledby="consignees-title">
      <PageHeading
        actions={
          <Button variant="primary" {...api.getAddButtonProps()}>
            Добавить грузополучателя
          </Button>
        }
      >
        <span id="consignees-title">Грузополучатели</span>
      </PageHeading>
      <ConsigneesBody api={api} />
      <LazyRemoveDialog dialog={api.remove} />
      <Suspense fallback={null}>{api.form ? <ConsigneeFormDialog form={api.form} /> : null}</Suspense>
    </section>
  )
}

function ConsigneesBody({ api }: { api: ConsigneesApi }) {
  switch (api.body) {
    case 'failed':
      return <ErrorBlock {...api.getRetryProps()} />
    case 'firstLoad':
      return <Loading label={CONSIGNEES_LOADING_LABEL} />
    case 'empty':
      return <EmptyState title={CONSIGNEES_MESSAGES.empty} hint={CONSIGNEES_MESSAGES.emptyHint} />
    case 'list':
      return (
        <div className={styles.list} aria-busy={api.isLoading}>
          <p className={styles.caption} aria-live="polite">
            {api.caption}
          </p>
          <ConsigneesTable api={api} />
        </div>
      )
  }
}
