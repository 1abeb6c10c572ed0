import { useSelector } from '@xstate/react'
import { ACTS_MESSAGES_UI, type ActsActor } from '../../machines/acts.machine'
import { canRequestAct, listViewOf, openRequestOf } from '../../machines/acts.selectors'
import { WithScreen } from '../layout/with-screen'
import { Button } from '../ui/button'
import { ErrorBlock } from '../ui/error-block'
import { formatCount, type WordForms } from '../ui/format'
import { Loading } from '../ui/loading'
import { PageHeading } from '../ui/page-heading'
import { Pagination, PastLastPage, isPastLastPage } from '../ui/pagination'
import { ActRequestDialog, RequestedNotice } from './act-request-dialog'
import { ActsFilterForm } from './acts-filter'
import { ActsTable } from './acts-table'
import { EmptyState } from '../ui/empty-state'
import styles from './acts.module.css'

const REQUEST_BUTTON = 'Запросить акт сверки'
const ACT_FORMS: WordForms = { one: 'акт', few: 'акта', many: 'актов' }

/** /cabinet/acts/?page=: the reconciliation acts, 20 per page, refreshed every 10 s, and the request modal. */
export function ActsPage() {
  return (
    <WithScreen name="acts" label={ACTS_MESSAGES_UI.loading}>
      {(acts) => <ActsScreen acts={acts} />}
    </WithScreen>
  )
}

function ActsScreen({ acts }: { acts: ActsActor }) {
  const canRequest = useSelector(acts, canRequestAct)
  const request = useSelector(acts, openRequestOf)
  return (
    <section className={styles.page} aria-labelledby="acts-title">
      <PageHeading
        actions={
          <Button variant="primary" isDisabled={!canRequest} onPress={() => acts.send({ type: 'request.open' })}>
            {REQUEST_BUTTON}
          </Button>
        }
      >
        <span id="acts-title">Акты сверки</span>
      </PageHeading>
      <RequestedNotice acts={acts} />
      <ActsFilterForm acts={acts} />
      <ActsBody acts={acts} />
      {request ? <ActRequestDialog request={request} onClose={() => acts.send({ type: 'request.close' })} /> : null}
    </section>
  )
}

function ActsBody({ acts }: { acts: ActsActor }) {
  const view = useSelector(acts, listViewOf)
  const result = useSelector(acts, (snapshot) => snapshot.context.result)
  const page = useSelector(acts, (snapshot) => snapshot.context.page)
  const errorMessage = useSelector(acts, (snapshot) => snapshot.context.errorMessage)
  const retry = () => acts.send({ type: 'list.retry' })

  if (!result) {
    return view === 'failed' ? (
      <ErrorBlock title={ACTS_MESSAGES_UI.loadFailed} message={errorMessage} onRetry={retry} />
    ) : (
      <Loading label={ACTS_MESSAGES_UI.loading} />
    )
  }
  const loading = view === 'loading'
  return (
    <div className={styles.list} aria-busy={loading}>
      <p className={styles.caption} aria-live="polite">
        {loading ? ACTS_MESSAGES_UI.loading : `Всего: ${formatCount(result.count, ACT_FORMS)}. Список обновляется каждые 10 секунд.`}
      </p>
      {view === 'paused' ? (
        <p className={styles.note} role="status">
          {ACTS_MESSAGES_UI.paused}
        </p>
      ) : null}
      {view === 'failed' ? <ErrorBlock title={ACTS_MESSAGES_UI.refreshFailed} message={errorMessage} onRetry={retry} /> : null}
      {result.acts.length > 0 ? (
        <>
          <ActsTable acts={result.acts} />
          <Pagination page={page} total={result.pagination.pages} />
        </>
      ) : isPastLastPage(page, result.pagination.pages) ? (
        <PastLastPage page={page} total={result.pagination.pages} />
      ) : (
        <EmptyState title={ACTS_MESSAGES_UI.empty} hint={ACTS_MESSAGES_UI.emptyHint} />
      )}
    </div>
  )
}
