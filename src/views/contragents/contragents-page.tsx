import { Suspense } from 'react'
import type { ContragentsActor } from '../../machines/contragents.machine'
import { CONTRAGENTS_MESSAGES } from '../../machines/contragents.machine'
import { WithScreen } from '../layout/with-screen'
import { Button } from '../ui/button'
import { EmptyState } from '../ui/empty-state'
import { ErrorBlock } from '../ui/error-block'
import { Loading } from '../ui/loading'
import { PageHeading } from '../ui/page-heading'
import { RemoveDialog } from '../ui/remove-dialog'
import { CONTRAGENTS_LOADING_LABEL, useContragentsApi, type ContragentsApi } from './contragents-connect'
import { ContragentsTable } from './contragents-table'
import styles from './contragents.module.css'
import { lazyPart } from '../ui/lazy-part'

/** The add / change form loads when it is first opened, not with the list. */
const ContragentFormDialog = lazyPart(() => import('./contragent-form-dialog').then((module) => ({ default: module.ContragentFormDialog })))

/** /cabinet/contragents/: the company's counterparties. */
export function ContragentsPage() {
  return (
    <WithScreen name="contragents" label={CONTRAGENTS_LOADING_LABEL}>
      {(contragents) => <ContragentsScreen contragents={contragents} />}
    </WithScreen>
  )
}

function ContragentsScreen({ contragents }: { contragents: ContragentsActor }) {
  const api = useContragentsApi(contragents)
  return (
    <section className={styles.page} aria-labelledby="contragents-title">
      <PageHeading>
        <span id="contragents-title">Контрагенты</span>
      </PageHeading>
      {api.view === 'empty' || api.view === 'list' ? (
        <div className={styles.toolbar}>
          <Button variant="primary" {...api.getAddButtonProps()}>
            Добавить контрагента
          </Button>
        </div>
      ) : null}
      <div className={styles.noticeArea} role="status">
        {api.notice ? (
          <div className={styles.notice}>
            <p>{api.notice.text}</p>
            <Button variant="ghost" onPress={api.notice.onClose}>
              Закрыть
            </Button>
          </div>
        ) : null}
      </div>
      <ContragentsBody api={api} />
      <RemoveDialog dialog={api.dialog} />
      {api.form ? (
        <Suspense fallback={null}>
          <ContragentFormDialog form={api.form} />
        </Suspense>
      ) : null}
    </section>
  )
}

function ContragentsBody({ api }: { api: ContragentsApi }) {
  switch (api.view) {
    case 'loading':
      return <Loading label={CONTRAGENTS_LOADING_LABEL} />
    case 'failed':
      return <ErrorBlock {...api.getRetryProps()} />
    case 'empty':
      return <EmptyState title={CONTRAGENTS_MESSAGES.empty} hint={CONTRAGENTS_MESSAGES.emptyHint} />
    case 'list':
      return (
        <div className={styles.list}>
          <p className={styles.caption}>{api.caption}</p>
          <ContragentsTable api={api} />
        </div>
      )
  }
}
