import { Link } from '@tanstack/react-router'
import { Suspense } from 'react'
import { DRAFTS_MESSAGES, type DraftsActor } from '../../machines/drafts.machine'
import { WithScreen } from '../layout/with-screen'
import { ErrorBlock } from '../ui/error-block'
import { Loading } from '../ui/loading'
import { PageHeading } from '../ui/page-heading'
import { Pagination, PastLastPage } from '../ui/pagination'
import { DRAFTS_LOADING_LABEL, useDraftsApi } from './drafts-connect'
import { DraftsTable } from './drafts-table'
import { EmptyState } from '../ui/empty-state'
import { LazyBulkActionDialog } from '../ui/lazy-bulk-action-dialog'
import styles from './drafts.module.css'
import { lazyPart } from '../ui/lazy-part'

const DraftDialogs = lazyPart(() => import('./draft-dialogs').then((module) => ({ default: module.DraftDialogs })))

/** /cabinet/drafts/?page=: the user's saved baskets, 10 per page, newest first. */
export function DraftsPage() {
  return (
    <WithScreen name="drafts" label={DRAFTS_LOADING_LABEL}>
      {(drafts) => <DraftsScreen drafts={drafts} />}
    </WithScreen>
  )
}

function DraftsScreen({ drafts }: { drafts: DraftsActor }) {
  return (
    <section className={styles.page} aria-labelledby="drafts-title">
      <PageHeading>
        <span id="drafts-title">Черновики</span>
      </PageHeading>
      <DraftsBody drafts={drafts} />
      <DraftDialog drafts={drafts} />
      <DraftsBulkDialog drafts={drafts} />
    </section>
  )
}

/** The removal question, the repeat result or a failure, while one is open; its code loads when the first one opens. */
function DraftDialog({ drafts }: { drafts: DraftsActor }) {
  const { dialog } = useDraftsApi(drafts)
  if (dialog.kind === 'none') return null
  return (
    <Suspense fallback={null}>
      <DraftDialogs drafts={drafts} />
    </Suspense>
  )
}

/** The dialog of the selection bar's «Удалить выбранные», while it runs. */
function DraftsBulkDialog({ drafts }: { drafts: DraftsActor }) {
  const { bulkDialog } = useDraftsApi(drafts)
  return <LazyBulkActionDialog owner={drafts} actor={bulkDialog} />
}

function DraftsBody({ drafts }: { drafts: DraftsActor }) {
  const api = useDraftsApi(drafts)
  switch (api.body) {
    case 'failed':
      return <ErrorBlock {...api.getRetryProps()} />
    case 'pastLastPage':
      return <PastLastPage page={api.page} total={api.pages} />
    case 'empty':
      return (
        <EmptyState title={DRAFTS_MESSAGES.empty} hint={DRAFTS_MESSAGES.emptyHint}>
          <Link to="/cart/">Перейти в корзину</Link>
        </EmptyState>
      )
    case 'firstLoad':
      return <Loading label={DRAFTS_LOADING_LABEL} />
    case 'list':
      return (
        <div className={styles.list} aria-busy={api.isLoading}>
          <p className={styles.caption} aria-live="polite">
            {api.caption}
          </p>
          <DraftsTable api={api} />
          <Pagination page={api.page} total={api.pages} />
        </div>
      )
  }
}
