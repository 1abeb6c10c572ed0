import { Link } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { shallowEqual } from '@xstate/react'
import { COMPLAINT_COMMENT_MAX_LENGTH } from '../../contract/complaints'
import type { ComplaintActor } from '../../machines/complaint.machine'
import {
  COMPLAINT_UI,
  complaintCommentOf,
  complaintFormMessageOf,
  complaintRowsOf,
  complaintViewOf,
  productFieldOf,
  sentComplaintIdOf,
  type ShownComplaintRow,
} from '../../machines/complaint.selectors'
import { WithScreen } from '../layout/with-screen'
import { Button } from '../ui/button'
import tableStyles from '../ui/data-table.module.css'
import fieldStyles from '../ui/form-field.module.css'
import { Loading } from '../ui/loading'
import { PageHeading } from '../ui/page-heading'
import { SuggestField } from '../ui/suggest-field'
import { suggestKeyEvent } from '../ui/suggest-keys'
import styles from './complaints.module.css'

/** /cabinet/complaints/: the complaint table with product autocomplete. */
export default function ComplaintPage() {
  return (
    <WithScreen name="complaint" label={COMPLAINT_UI.restoring}>
      {(complaint) => (
        <section className={styles.page} aria-labelledby="complaint-title">
          <PageHeading>
            <span id="complaint-title">{COMPLAINT_UI.title}</span>
          </PageHeading>
          <p className={styles.links}>
            <Link to="/cabinet/complaints/list/">{COMPLAINT_UI.toList}</Link>
          </p>
          <ComplaintBody complaint={complaint} />
        </section>
      )}
    </WithScreen>
  )
}

function ComplaintBody({ complaint }: { complaint: ComplaintActor }) {
  const view = useSelector(complaint, complaintViewOf)
  const sentId = useSelector(complaint, sentComplaintIdOf)
  if (view === 'loading') return <Loading label={COMPLAINT_UI.restoring} />
  if (view === 'sent')
    return (
      <div role="status">
        <p>
          {COMPLAINT_UI.sent}: {COMPLAINT_UI.number} {sentId}
        </p>
        <div className={styles.actions}>
          <Link to="/cabinet/complaints/list/">{COMPLAINT_UI.toList}</Link>
          <Button variant="primary" onPress={() => complaint.send({ type: 'complaint.new' })}>
            {COMPLAINT_UI.newComplaint}
          </Button>
        </div>
      </div>
    )
  return <ComplaintForm complaint={complaint} busy={view === 'sending'} />
}

function ComplaintForm({ complaint, busy }: { complaint: ComplaintActor; busy: boolean }) {
  const field = useSelector(complaint, productFieldOf, shallowEqual)
  const rows = useSelector(complaint, complaintRowsOf, shallowEqual)
  const comment = useSelector(complaint, complaintCommentOf)
  const message = useSelector(complaint, complaintFormMessageOf, shallowEqual)
  const onKey = (key: string) => {
    const event = suggestKeyEvent(key, { isOpen: field.options.length > 0, highlighted: field.highlighted })
    if (event) complaint.send(event)
    return event !== null
  }
  return (
    <form
      aria-busy={busy}
      onSubmit={(event) => {
        event.preventDefault()
        complaint.send({ type: 'complaint.send' })
      }}
    >
      <SuggestField
        label={`${COMPLAINT_UI.product} (${COMPLAINT_UI.productHint.toLowerCase()})`}
        listLabel={COMPLAINT_UI.suggestions}
        value={field.text}
        options={field.options}
        highlighted={field.highlighted}
        isDisabled={busy}
        onChange={(text) => complaint.send({ type: 'product.type', text })}
        onKey={onKey}
        onChoose={(index) => complaint.send({ type: 'suggestion.choose', index })}
        onClose={() => complaint.send({ type: 'list.close' })}
      />
      {rows.length === 0 ? <p>{COMPLAINT_UI.noRowsYet}</p> : <ComplaintTable complaint={complaint} rows={rows} busy={busy} />}
      <div className={fieldStyles.field}>
        <label className={fieldStyles.label} htmlFor="complaint-comment">
          {COMPLAINT_UI.comment} ({comment.length} / {COMPLAINT_COMMENT_MAX_LENGTH})
        </label>
        <textarea
          id="complaint-comment"
          className={`${fieldStyles.input} ${styles.comment}`}
          maxLength={COMPLAINT_COMMENT_MAX_LENGTH}
          value={comment}
          disabled={busy}
          onChange={(event) => complaint.send({ type: 'comment.change', text: event.target.value })}
        />
      </div>
      <div className={styles.actions}>
        <Button type="submit" variant="primary" isDisabled={busy}>
          {busy ? COMPLAINT_UI.sending : message?.canRetry ? COMPLAINT_UI.retry : COMPLAINT_UI.send}
        </Button>
        <span role="status" className={styles.message}>
          {message ? [message.text, message.detail].filter(Boolean).join(': ') : null}
        </span>
      </div>
    </form>
  )
}

function ComplaintTable({ complaint, rows, busy }: { complaint: ComplaintActor; rows: ShownComplaintRow[]; busy: boolean }) {
  return (
    <div className={styles.tableBox}>
      <table className={tableStyles.table}>
        <thead>
          <tr>
            <th scope="col">{COMPLAINT_UI.product}</th>
            <th scope="col">{COMPLAINT_UI.articul}</th>
            <th scope="col">{COMPLAINT_UI.quantity}</th>
            <th scope="col">
              <span className="visually-hidden">{COMPLAINT_UI.remove}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.productId}>
              <td>{row.header}</td>
              <td className={tableStyles.mono}>{row.articul}</td>
              <td className={styles.quantity}>
                <input
                  className={fieldStyles.input}
                  inputMode="numeric"
                  maxLength={12}
                  aria-label={`${COMPLAINT_UI.quantity}: ${row.header}`}
                  aria-invalid={row.quantityError ? true : undefined}
                  aria-describedby={row.quantityError ? `complaint-quantity-${row.productId}` : undefined}
                  value={row.quantity}
                  disabled={busy}
                  onChange={(event) => complaint.send({ type: 'entry.quantity', productId: row.productId, text: event.target.value })}
                />
                {row.quantityError ? (
                  <span id={`complaint-quantity-${row.productId}`} className={styles.quantityError}>
                    {row.quantityError}
                  </span>
                ) : null}
              </td>
              <td>
                <Button
                  variant="ghost"
                  isDisabled={busy}
                  aria-label={`${COMPLAINT_UI.remove}: ${row.header}`}
                  onPress={() => complaint.send({ type: 'entry.remove', productId: row.productId })}
                >
                  {COMPLAINT_UI.remove}
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
