import { Link } from '@tanstack/react-router'
import { shallowEqual, useSelector } from '@xstate/react'
import type { ComplaintsActor } from '../../machines/complaints.machine'
import { COMPLAINT_UI, complaintsErrorOf, complaintsPagesOf, complaintsViewOf, shownComplaintsOf } from '../../machines/complaint.selectors'
import { WithScreen } from '../layout/with-screen'
import { EmptyState } from '../ui/empty-state'
import { ErrorBlock } from '../ui/error-block'
import { Loading } from '../ui/loading'
import { formatInteger } from '../ui/format'
import { PageHeading } from '../ui/page-heading'
import { Pagination } from '../ui/pagination'
import styles from './complaints.module.css'

/** /cabinet/complaints/list/: the company's complaints with their state. */
export default function ComplaintsPage() {
  return (
    <WithScreen name="complaints" label={COMPLAINT_UI.loading}>
      {(complaints) => (
        <section className={styles.page} aria-labelledby="complaints-title">
          <PageHeading>
            <span id="complaints-title">{COMPLAINT_UI.listTitle}</span>
          </PageHeading>
          <p className={styles.links}>
            <Link to="/cabinet/complaints/">{COMPLAINT_UI.toTable}</Link>
          </p>
          <ComplaintsBody complaints={complaints} />
        </section>
      )}
    </WithScreen>
  )
}

function ComplaintsBody({ complaints }: { complaints: ComplaintsActor }) {
  const view = useSelector(complaints, complaintsViewOf)
  const shown = useSelector(complaints, shownComplaintsOf, shallowEqual)
  const pages = useSelector(complaints, complaintsPagesOf, shallowEqual)
  const error = useSelector(complaints, complaintsErrorOf)
  if (view === 'loading') return <Loading label={COMPLAINT_UI.loading} />
  if (view === 'failed') return <ErrorBlock title={COMPLAINT_UI.loadFailed} message={error} onRetry={() => complaints.send({ type: 'list.retry' })} />
  if (view === 'empty') return <EmptyState title={COMPLAINT_UI.empty} />
  return (
    <>
      <ul className={styles.list}>
        {shown.map((complaint) => (
          <li key={complaint.id} className={styles.item} aria-labelledby={`complaint-${complaint.id}`} data-complaint={complaint.id}>
            <div className={styles.meta}>
              <strong id={`complaint-${complaint.id}`}>
                {COMPLAINT_UI.number} {complaint.id}
              </strong>
              <time>{complaint.when}</time>
              <span className={styles.state}>
                {COMPLAINT_UI.state}: {complaint.state}
              </span>
            </div>
            <ul className={styles.entries}>
              {complaint.entries.map((entry) => (
                <li key={entry.productId}>
                  {entry.header} ({entry.articul}) — {formatInteger(entry.quantity)} шт.
                </li>
              ))}
            </ul>
            {complaint.comment ? <p>{complaint.comment}</p> : null}
          </li>
        ))}
      </ul>
      <Pagination page={pages.page} total={pages.total} />
    </>
  )
}
