import type { CatalogueProduct } from '../../contract/catalogue'
import type { FavoritesNeedsActor } from '../../machines/favorites-needs.machine'
import { useNeedApi, type NeedApi } from './favorites-connect'
import styles from './favorites.module.css'

/** The need quantity of one row: type, then «Сохранить» or Enter; Escape puts the saved one back. */
export function NeedField({ actor, product }: { actor: FavoritesNeedsActor; product: CatalogueProduct }) {
  const api = useNeedApi(actor, product)
  return (
    <form className={styles.need} {...api.getFormProps()}>
      <span className={styles.needControls}>
        <input className={styles.needInput} type="text" inputMode="numeric" autoComplete="off" {...api.getInputProps()} />
        <button className={styles.iconButton} {...api.getSaveButtonProps()}>
          <svg aria-hidden="true" viewBox="0 0 16 16" width="16" height="16">
            <path d="M3 8.5l3.2 3L13 4.5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </button>
      </span>
      <NeedMessage {...api.message} />
    </form>
  )
}

function NeedMessage({ id, isAlert, text }: NeedApi['message']) {
  if (isAlert)
    return (
      <span id={id} className={styles.needAlert} role="alert">
        {text}
      </span>
    )
  return (
    <span id={id} className={styles.needSaved} role="status">
      {text}
    </span>
  )
}
