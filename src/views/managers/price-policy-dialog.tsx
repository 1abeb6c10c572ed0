import type { FormEvent } from 'react'
import type { PricePolicyActor } from '../../machines/price-policy.machine'
import dialogStyles from '../ui/confirm-dialog.module.css'
import { ErrorBlock } from '../ui/error-block'
import { FormField } from '../ui/form-field'
import { Loading } from '../ui/loading'
import { SaveFooter } from './save-footer'
import { ModalFrame } from '../ui/modal-frame'
import { usePricePolicyApi, type PricePolicyApi } from './price-policy-connect'
import styles from './managers.module.css'

/** The spec's /tpl/price_politics.html: which prices the manager sees. */
export function PricePolicyDialog({ pricing }: { pricing: PricePolicyActor }) {
  const api = usePricePolicyApi(pricing)
  return (
    <ModalFrame title={api.title} classes={dialogStyles} onDismiss={!api.isBusy ? api.cancel : undefined}>
      <PolicyBody api={api} />
    </ModalFrame>
  )
}

function PolicyBody({ api }: { api: PricePolicyApi }) {
  if (api.step === 'loading') return <Loading label="Загрузка ценовой политики…" />
  if (api.step === 'loadFailed') return <ErrorBlock {...api.loadFailed} />
  const submit = (event: FormEvent) => {
    event.preventDefault()
    api.submit()
  }
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <p className={styles.policyFor}>{api.email}</p>
      <fieldset className={styles.group}>
        <legend>Цены, которые видит менеджер</legend>
        {api.options.map((option) => (
          <label key={option.value} className={styles.check}>
            <input
              type="radio"
              name="price-policy"
              value={option.value}
              checked={option.isChosen}
              disabled={api.isBusy}
              onChange={() => api.choose(option.value)}
            />
            {option.label}
          </label>
        ))}
      </fieldset>
      <FormField {...api.getMarkupProps()} />
      {api.failure ? (
        <div className={styles.error} role="alert">
          <p>{api.failure}</p>
          {api.failureDetail ? <p>{api.failureDetail}</p> : null}
        </div>
      ) : null}
      <SaveFooter savedNotice={api.savedNotice} canRetry={api.failure !== null} isBusy={api.isBusy} retry={api.retry} cancel={api.cancel} />
    </form>
  )
}
