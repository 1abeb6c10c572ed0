import { Suspense } from 'react'
import { ACTS_MESSAGES_UI, type ActsActor } from '../../machines/acts.machine'
import { WithScreen } from '../layout/with-screen'
import { Button } from '../ui/button'
import { ErrorBlock } from '../ui/error-block'
import { FilterDisclosure } from '../ui/filter-disclosure'
import { Loading } from '../ui/loading'
import { PageHeading } from '../ui/page-heading'
import { Pagination, PastLastPage } from '../ui/pagination'
import { useActsApi } from './acts-connect'
import { ActsFilterForm } from './acts-filter'
import { ActsTable } from './acts-table'
import { RequestedNotice } from './requested-notice'
import { EmptyState } from '../ui/empty-state'
import styles from './acts.module.css'
import { lazyPart } from '../ui/lazy-part'

/** the request form (its date fields and masks) loads when the dealer opens it */
const ActRequestDialog = lazyPart(() => import('./act-request-dialog').then((module) => ({ default: module.ActRequestDialog })))

const REQUEST_BUTTON = 'Запросить акт сверки'

/** /cabinet/acts/?page=: the reconciliation acts, 20 per page, refreshed every 10 s, and the request modal. */
export function ActsPage() {
  return (
    <WithScreen name="acts" label={ACTS_MESSAGES_UI.loading}>
      {(acts) => <ActsScreen acts={acts} />}
    </WithScreen>
  )
}

function ActsScreen({ acts }: { acts: ActsActor }) {
  const api = useActsApi(acts)
  return (
    <section className={styles.page} aria-labelledby="acts-title">
      <PageHeading
        actions={
          <Button variant="primary" {...api.getRequestButtonProps()}>
            {REQUEST_BUTTON}
          </Button>
        }
      >
        <span id="acts-title">Акты сверки</span>
      </PageHeading>
      {api.notice ? <RequestedNotice notice={api.notice} /> : null}
      <FilterDisclosure foldBelow="phone">
        <ActsFilterForm filter={api.filter} />
      </FilterDisclosure>
      <ActsBody api={api} />
      {api.request ? (
        <Suspense fallback={null}>
          <ActRequestDialog request={api.request} onClose={api.closeRequest} />
        </Suspense>
      ) : null}
    </section>
  )
}

function ActsBody({ api }: { api: ReturnType<typeof useActsApi> }) {
  if (api.body === 'failed') return <ErrorBlock {...api.getRetryProps()} />
  if (api.body === 'firstLoad') return <Loading label={ACTS_MESSAGES_UI.loading} />
  return (
    <div className={styles.list} aria-busy={api.isLoading}>
      <p className={styles.caption} aria-live="polite">
        {api.caption}
      </p>
      {api.pausedText !== null ? (
        <p className={styles.note} role="status">
          {api.pausedText}
        </p>
      ) : null}
      {api.refreshFailed ? <ErrorBlock {...api.refreshFailed} /> : null}
      {api.content === 'table' ? (
        <>
          <ActsTable acts={api.acts} />
          <Pagination page={api.page} total={api.pages} />
        </>
      ) : api.content === 'pastLastPage' ? (
        <PastLastPage page={api.page} total={api.pages} />
      ) : (
        <EmptyState title={ACTS_MESSAGES_UI.empty} hint={ACTS_MESSAGES_UI.emptyHint} />
      )}
    </div>
  )
}
