import { useSelector } from '@xstate/react'
import { Suspense, type FormEvent } from 'react'
import type { PricelistActor } from '../../machines/pricelist.machine'
import { isBasketClosedOf } from '../../machines/shell.selectors'
import { useInitData, useShellActor } from '../layout/shell-context'
import { WithScreen } from '../layout/with-screen'
import { Button } from '../ui/button'
import { ErrorBlock } from '../ui/error-block'
import { Loading } from '../ui/loading'
import { PageHeading } from '../ui/page-heading'
import { PRICELIST_BASKET_CLOSED, usePricelistApi, type PricelistApi } from './pricelist-connect'
import styles from './pricelist.module.css'
import { lazyPart } from '../ui/lazy-part'

/** The upload's result dialog loads when the first upload is answered, not with the page. */
const PricelistDialog = lazyPart(() => import('./pricelist-dialog').then((module) => ({ default: module.PricelistDialog })))

const PRICELIST_ACCEPT = '.xlsx,.csv,.txt'

/** /cabinet/pricelist/: the dealer's own order (a file or pasted text) becomes basket lines. */
export function PricelistPage() {
  // the screen host runs no price list for an account whose basket is closed
  const isBasketClosed = useSelector(useShellActor(), isBasketClosedOf)
  if (isBasketClosed) return <BasketClosed />
  // another contract is another price list: the screen host starts it afresh
  return (
    <WithScreen name="pricelist" label="Загрузка страницы…">
      {(pricelist) => <PricelistScreen pricelist={pricelist} />}
    </WithScreen>
  )
}

function PricelistScreen({ pricelist }: { pricelist: PricelistActor }) {
  const api = usePricelistApi(pricelist)
  return (
    <div className={styles.page}>
      <PageHeading>Загрузка прайс-листа</PageHeading>
      <p className={styles.hint} id="pricelist-format">
        В каждой строке — артикул и количество (через точку с запятой, запятую или табуляцию); строка заголовка не обязательна. Файлы XLSX, CSV или TXT
        размером до 5 МБ.
      </p>
      <WarehouseChoice api={api} />
      <div className={styles.forms}>
        <FileForm api={api} />
        <TextForm api={api} />
      </div>
      {api.loadingLabel !== null ? <Loading label={api.loadingLabel} /> : null}
      {api.isModalOpen ? (
        <Suspense fallback={null}>
          <PricelistDialog api={api.dialog} />
        </Suspense>
      ) : null}
    </div>
  )
}

/** Issue 21, item 12: the account's basket is closed, so the page says so instead of offering an upload it could not add. */
function BasketClosed() {
  return (
    <div className={styles.page}>
      <PageHeading>Загрузка прайс-листа</PageHeading>
      <p className={styles.closed}>{PRICELIST_BASKET_CLOSED.text}</p>
      <p className={styles.hint}>{PRICELIST_BASKET_CLOSED.hint}</p>
    </div>
  )
}

function WarehouseChoice({ api }: { api: PricelistApi }) {
  const { warehouses } = useInitData()
  return (
    <div className={styles.warehouse}>
      <label className={styles.label} htmlFor="pricelist-warehouse">
        Склад
      </label>
      <select id="pricelist-warehouse" {...api.getWarehouseSelectProps()}>
        {warehouses.map((warehouse) => (
          <option key={warehouse.id} value={warehouse.id}>
            {warehouse.header}
          </option>
        ))}
      </select>
    </div>
  )
}

/** The check's or the server's message under the form it belongs to. */
function FormMessage({ shown, title, message }: PricelistApi['fileMessage']) {
  if (shown === 'failed') return <ErrorBlock title={title} message={message} />
  if (shown === 'invalid') {
    return (
      <p className={styles.error} role="alert">
        {message}
      </p>
    )
  }
  return null
}

function FileForm({ api }: { api: PricelistApi }) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const file = new FormData(event.currentTarget).get('file')
    api.uploadFile(file instanceof File ? file : null)
  }
  return (
    <section className={styles.card} aria-labelledby="pricelist-file-title">
      <h2 id="pricelist-file-title" className={styles.cardTitle}>
        Файл
      </h2>
      <form className={styles.form} onSubmit={submit} noValidate>
        <label className={styles.field}>
          <span className={styles.label}>Файл заказа (XLSX, CSV, TXT)</span>
          <input
            className={styles.file}
            type="file"
            name="file"
            accept={PRICELIST_ACCEPT}
            aria-describedby="pricelist-format"
            disabled={api.isFormDisabled}
          />
        </label>
        <div>
          <Button type="submit" variant="primary" isDisabled={api.isFormDisabled}>
            {api.fileButtonLabel}
          </Button>
        </div>
        <FormMessage {...api.fileMessage} />
      </form>
    </section>
  )
}

function TextForm({ api }: { api: PricelistApi }) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    api.submitText()
  }
  return (
    <section className={styles.card} aria-labelledby="pricelist-text-title">
      <h2 id="pricelist-text-title" className={styles.cardTitle}>
        Текст
      </h2>
      <form className={styles.form} onSubmit={submit} noValidate>
        <label className={styles.field}>
          <span className={styles.label}>Вставьте текст заказа</span>
          <textarea
            className={styles.textarea}
            rows={8}
            placeholder={'АРТ-001;5\nАРТ-002;12'}
            aria-describedby="pricelist-format"
            spellCheck={false}
            {...api.getTextAreaProps()}
          />
        </label>
        <div>
          <Button type="submit" variant="primary" isDisabled={api.isFormDisabled}>
            {api.textButtonLabel}
          </Button>
        </div>
        <FormMessage {...api.textMessage} />
      </form>
    </section>
  )
}
