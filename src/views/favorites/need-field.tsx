import { useSelector } from '@xstate/react'
import type { FormEvent, KeyboardEvent } from 'react'
import type { CatalogueProduct } from '../../contract/catalogue'
import { NEED_MESSAGES, type FavoritesNeedsActor } from '../../machines/favorites-needs.machine'
import styles from './favorites.module.css'

type NeedView = 'idle' | 'editing' | 'invalid' | 'saving' | 'saved' | 'failed'

/** The need quantity of one row: type, then «Сохранить» or Enter; Escape puts the saved one back. */
export function NeedField({ actor, product }: { actor: FavoritesNeedsActor; product: CatalogueProduct }) {
  // the row being edited follows the machine; every other row shows its saved need
  const view = useSelector(actor, (snapshot): NeedView =>
    snapshot.context.needEdit?.productId === product.id ? (snapshot.value as { need: NeedView }).need : 'idle',
  )
  const text = useSelector(actor, (snapshot) => (snapshot.context.needEdit?.productId === product.id ? snapshot.context.needEdit.text : null))
  const needError = useSelector(actor, (snapshot) => snapshot.context.needError)
  const messageId = `need-message-${product.id}`

  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    actor.send({ type: 'need.save' })
  }
  const cancelOnEscape = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') actor.send({ type: 'need.cancel' })
  }

  return (
    <form className={styles.need} onSubmit={save} aria-label={`Потребность: ${product.header}`} aria-busy={view === 'saving'}>
      <span className={styles.needControls}>
        <input
          className={styles.needInput}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          aria-label={`Потребность, шт.: ${product.header}`}
          aria-invalid={view === 'invalid' || view === 'failed' ? true : undefined}
          aria-describedby={view === 'idle' ? undefined : messageId}
          readOnly={view === 'saving'}
          value={text ?? String(product.need)}
          onChange={(event) => actor.send({ type: 'need.input', productId: product.id, text: event.target.value })}
          onKeyDown={cancelOnEscape}
        />
        <button type="submit" className={styles.iconButton} disabled={view !== 'editing'} aria-label={`Сохранить потребность: ${product.header}`} title="Сохранить">
          <svg aria-hidden="true" viewBox="0 0 16 16" width="16" height="16">
            <path d="M3 8.5l3.2 3L13 4.5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </button>
      </span>
      <NeedMessage id={messageId} view={view} needError={needError} />
    </form>
  )
}

function NeedMessage({ id, view, needError }: { id: string; view: NeedView; needError: string | null }) {
  if (view === 'invalid') return <span id={id} className={styles.needAlert} role="alert">{NEED_MESSAGES.badNeed}</span>
  if (view === 'failed') return <span id={id} className={styles.needAlert} role="alert">{`${NEED_MESSAGES.saveFailed}: ${needError ?? ''}`}</span>
  return (
    <span id={id} className={styles.needSaved} role="status">
      {view === 'saved' ? NEED_MESSAGES.saved : null}
    </span>
  )
}
