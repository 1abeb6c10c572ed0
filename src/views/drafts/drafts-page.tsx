import { Link } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { DRAFTS_MESSAGES, type DraftsActor } from '../../machines/drafts.machine'
import { WithScreen } from '../layout/with-screen'
import { ErrorBlock } from '../ui/error-block'
import { formatCount, type WordForms } from '../ui/format'
import { Loading } from '../ui/loading'
import { PageHeading } from '../ui/page-heading'
import { Pagination, PastLastPage, isPastLastPage } from '../ui/pagination'
import { DraftDialogs } from './draft-dialogs'
import { DraftsTable } from './drafts-table'
import { EmptyState } from '../ui/empty-state'
import styles from './drafts.module.css'

export const DRAFTS_LOADING_LABEL = 'Загрузка черновиков…'
const DRAFT_FORMS: WordForms = { one: 'черновик', few: 'черновика', many: 'черновиков' }

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
      <DraftDialogs drafts={drafts} />
    </section>
  )
}

function DraftsBody({ drafts }: { drafts: DraftsActor }) {
  const view = useSelector(drafts, (snapshot) =>
    snapshot.matches('failed') ? 'failed' : snapshot.matches('empty') ? 'empty' : snapshot.matches('loading') ? 'loading' : 'loaded',
  )
  const result = useSelector(drafts, (snapshot) => snapshot.context.result)
  const page = useSelector(drafts, (snapshot) => snapshot.context.page)
  const errorMessage = useSelector(drafts, (snapshot) => snapshot.context.errorMessage)
  const isBusy = useSelector(drafts, (snapshot) => !snapshot.matches({ loaded: 'idle' }))

  if (view === 'failed') {
    return <ErrorBlock title={DRAFTS_MESSAGES.loadFailed} message={errorMessage} onRetry={() => drafts.send({ type: 'list.retry' })} />
  }
  if (view === 'empty' && result && isPastLastPage(page, result.pagination.pages)) return <PastLastPage page={page} total={result.pagination.pages} />
  if (view === 'empty') {
    return (
      <EmptyState title={DRAFTS_MESSAGES.empty} hint={DRAFTS_MESSAGES.emptyHint}>
        <Link to="/cart/">Перейти в корзину</Link>
      </EmptyState>
    )
  }
  if (!result) return <Loading label={DRAFTS_LOADING_LABEL} />
  const loading = view === 'loading'
  return (
    <div className={styles.list} aria-busy={loading}>
      <p className={styles.caption} aria-live="polite">
        {loading ? DRAFTS_LOADING_LABEL : `Всего: ${formatCount(result.count, DRAFT_FORMS)}`}
      </p>
      <DraftsTable drafts={result.drafts} isBusy={isBusy} actor={drafts} />
      <Pagination page={page} total={result.pagination.pages} />
    </div>
  )
}
