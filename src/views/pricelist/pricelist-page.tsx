import { useSelector } from '@xstate/react'
import type { FormEvent } from 'react'
import { PRICELIST_PAGE_MESSAGES, type PricelistActor } from '../../machines/pricelist.machine'
import { useInitData } from '../layout/shell-context'
import { WithScreen } from '../layout/with-screen'
import { Button } from '../ui/button'
import { ErrorBlock } from '../ui/error-block'
import { Loading } from '../ui/loading'
import { PageHeading } from '../ui/page-heading'
import { PricelistDialog } from './pricelist-dialog'
import styles from './pricelist.module.css'

export const PRICELIST_ACCEPT = '.xlsx,.xls,.csv,.txt'

/** /cabinet/pricelist/: the dealer's own order (a file or pasted text) becomes basket lines. */
export function PricelistPage() {
  // another contract is another price list: the screen host starts it afresh
  return (
    <WithScreen name="pricelist" label="Загрузка страницы…">
      {(pricelist) => <PricelistScreen pricelist={pricelist} />}
    </WithScreen>
  )
}

function PricelistScreen({ pricelist }: { pricelist: PricelistActor }) {
  const busy = useSelector(pricelist, (snapshot) => (snapshot.matches('uploading') ? 'file' : snapshot.matches('recognizing') ? 'text' : null))
  const isModalOpen = useSelector(pricelist, (snapshot) => snapshot.matches('choosing') || snapshot.matches('adding') || snapshot.matches('refused'))

  return (
    <div className={styles.page}>
      <PageHeading>Загрузка прайс-листа</PageHeading>
      <p className={styles.hint} id="pricelist-format">
        В каждой строке — артикул и количество (через точку с запятой, запятую или табуляцию); строка заголовка не обязательна. Файлы XLSX, CSV
        или TXT размером до 5 МБ.
      </p>
      <WarehouseChoice pricelist={pricelist} isDisabled={busy !== null} />
      <div className={styles.forms}>
        <FileForm pricelist={pricelist} busy={busy} />
        <TextForm pricelist={pricelist} busy={busy} />
      </div>
      {busy ? <Loading label={busy === 'file' ? 'Загрузка файла…' : 'Распознавание текста…'} /> : null}
      {isModalOpen ? <PricelistDialog pricelist={pricelist} /> : null}
    </div>
  )
}

function WarehouseChoice({ pricelist, isDisabled }: { pricelist: PricelistActor; isDisabled: boolean }) {
  const { warehouses } = useInitData()
  const wms = useSelector(pricelist, (snapshot) => snapshot.context.wms)
  return (
    <div className={styles.warehouse}>
      <label className={styles.label} htmlFor="pricelist-warehouse">
        Склад
      </label>
      <select
        id="pricelist-warehouse"
        value={String(wms)}
        disabled={isDisabled}
        onChange={(event) => pricelist.send({ type: 'warehouse.select', wms: Number(event.currentTarget.value) })}
      >
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
function FormMessage({ pricelist, source }: { pricelist: PricelistActor; source: 'file' | 'text' }) {
  const shown = useSelector(pricelist, (snapshot) =>
    snapshot.context.source !== source ? null : snapshot.matches({ editing: 'invalid' }) ? 'invalid' : snapshot.matches({ editing: 'failed' }) ? 'failed' : null,
  )
  const message = useSelector(pricelist, (snapshot) => snapshot.context.errorMessage)
  if (shown === 'failed') return <ErrorBlock title={PRICELIST_PAGE_MESSAGES.readFailed} message={message} />
  if (shown === 'invalid') {
    return (
      <p className={styles.error} role="alert">
        {message}
      </p>
    )
  }
  return null
}

function FileForm({ pricelist, busy }: { pricelist: PricelistActor; busy: 'file' | 'text' | null }) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const file = new FormData(event.currentTarget).get('file')
    pricelist.send({ type: 'file.upload', file: file instanceof File ? file : null })
  }
  return (
    <section className={styles.card} aria-labelledby="pricelist-file-title">
      <h2 id="pricelist-file-title" className={styles.cardTitle}>
        Файл
      </h2>
      <form className={styles.form} onSubmit={submit} noValidate>
        <label className={styles.field}>
          <span className={styles.label}>Файл заказа (XLSX, XLS, CSV, TXT)</span>
          <input className={styles.file} type="file" name="file" accept={PRICELIST_ACCEPT} aria-describedby="pricelist-format" disabled={busy !== null} />
        </label>
        <div>
          <Button type="submit" variant="primary" isDisabled={busy !== null}>
            {busy === 'file' ? 'Загрузка…' : 'Загрузить'}
          </Button>
        </div>
        <FormMessage pricelist={pricelist} source="file" />
      </form>
    </section>
  )
}

function TextForm({ pricelist, busy }: { pricelist: PricelistActor; busy: 'file' | 'text' | null }) {
  const text = useSelector(pricelist, (snapshot) => snapshot.context.text)
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    pricelist.send({ type: 'text.submit' })
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
            value={text}
            placeholder={'АРТ-001;5\nАРТ-002;12'}
            aria-describedby="pricelist-format"
            spellCheck={false}
            disabled={busy !== null}
            onChange={(event) => pricelist.send({ type: 'text.input', text: event.currentTarget.value })}
          />
        </label>
        <div>
          <Button type="submit" variant="primary" isDisabled={busy !== null}>
            {busy === 'text' ? 'Распознавание…' : 'Распознать'}
          </Button>
        </div>
        <FormMessage pricelist={pricelist} source="text" />
      </form>
    </section>
  )
}
