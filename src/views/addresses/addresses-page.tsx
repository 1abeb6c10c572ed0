import { Suspense } from 'react'
import { ADDRESSES_MESSAGES, type AddressesActor } from '../../machines/addresses.machine'
import { WithScreen } from '../layout/with-screen'
import { Button } from '../ui/button'
import { EmptyState } from '../ui/empty-state'
import { ErrorBlock } from '../ui/error-block'
import { Loading } from '../ui/loading'
import { PageHeading } from '../ui/page-heading'
import { LazyRemoveDialog } from '../ui/lazy-remove-dialog'
import { Pagination, PastLastPage } from '../ui/pagination'
import { ADDRESSES_LOADING_LABEL, useAddressesApi, type AddressesApi } from './addresses-connect'
import { AddressesTable } from './addresses-table'
import styles from './addresses.module.css'
import { lazyPart } from '../ui/lazy-part'

/** The modal «Адрес доставки» (its view-model and suggestion field) loads when first opened, not with the list (its machine too). */
const AddressFormDialog = lazyPart(() => import('./address-form-dialog').then((module) => ({ default: module.AddressFormDialog })))

/** /cabinet/addresses/?page=: the company's delivery addresses, newest first. */
export function AddressesPage() {
  return (
    <WithScreen name="addresses" label={ADDRESSES_LOADING_LABEL}>
      {(addresses) => <AddressesScreen addresses={addresses} />}
    </WithScreen>
  )
}

function AddressesScreen({ addresses }: { addresses: AddressesActor }) {
  const api = useAddressesApi(addresses)
  return (
    <section className={styles.page} aria-labelledby="addresses-title">
      <PageHeading
        actions={
          api.body === 'list' ? (
            <Button variant="primary" {...api.getAddButtonProps()}>
              {ADDRESSES_MESSAGES.add}
            </Button>
          ) : null
        }
      >
        <span id="addresses-title">{ADDRESSES_MESSAGES.title}</span>
      </PageHeading>
      <AddressesBody api={api} />
      <LazyRemoveDialog dialog={api.dialog} />
      <Suspense fallback={null}>{api.formDialog.kind === 'none' ? null : <AddressFormDialog dialog={api.formDialog} />}</Suspense>
    </section>
  )
}

function AddressesBody({ api }: { api: AddressesApi }) {
  switch (api.body) {
    case 'failed':
      return <ErrorBlock {...api.getRetryProps()} />
    case 'pastLastPage':
      return <PastLastPage page={api.page} total={api.pages} />
    case 'empty':
      return (
        <EmptyState title={ADDRESSES_MESSAGES.empty} hint={ADDRESSES_MESSAGES.emptyHint}>
          <Button variant="primary" {...api.getAddButtonProps()}>
            {ADDRESSES_MESSAGES.add}
          </Button>
        </EmptyState>
      )
    case 'firstLoad':
      return <Loading label={ADDRESSES_LOADING_LABEL} />
    case 'list':
      return (
        <div className={styles.list} aria-busy={api.isLoading}>
          <p className={styles.caption} aria-live="polite">
            {api.caption}
          </p>
          <AddressesTable api={api} />
          <Pagination page={api.page} total={api.pages} />
        </div>
      )
  }
}
