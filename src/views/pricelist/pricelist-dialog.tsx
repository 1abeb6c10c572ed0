import type { PricelistProduct, UnmatchedRow } from '../../contract/pricelist'
import { QuantityStepper } from '../product/quantity-stepper'
import { Button } from '../ui/button'
import table from '../ui/data-table.module.css'
import { ErrorBlock } from '../ui/error-block'
import { ModalFrame } from '../ui/modal-frame'
import type { PricelistDialogApi } from './pricelist-connect'
import styles from './pricelist.module.css'

/** The selection modal: the recognised products to tick and count, the rows not recognised, then «Добавить в корзину». */
export function PricelistDialog({ api }: { api: PricelistDialogApi }) {
  return (
    <ModalFrame
      title={api.title}
      classes={{ overlay: styles.overlay, modal: styles.modal, dialog: styles.dialog, title: styles.dialogTitle }}
      onDismiss={api.onDismiss}
      isBusy={api.isBusy}
    >
      {api.step === 'refused' ? <RefusedLines api={api} /> : <Choice api={api} />}
    </ModalFrame>
  )
}

function RefusedLines({ api }: { api: PricelistDialogApi }) {
  return (
    <>
      <div className={styles.alert} role="alert">
        <p>{api.refusedTitle}</p>
        <ul>
          {api.refusedLines.map((line) => (
            <li key={line.key}>{line.text}</li>
          ))}
        </ul>
      </div>
      <p>{api.addedText}</p>
      <div className={styles.actions}>
        <Button variant="primary" autoFocus {...api.getCartButtonProps()}>
          Перейти в корзину
        </Button>
        <Button {...api.getCloseButtonProps()}>Закрыть</Button>
      </div>
    </>
  )
}

function Choice({ api }: { api: PricelistDialogApi }) {
  if (!api.hasAnswer) return null
  return (
    <>
      {api.products.length === 0 ? (
        <p className={styles.alert} role="alert">
          Ни один товар не распознан.
        </p>
      ) : (
        <div className={styles.scroll}>
          <table className={`${table.table} ${styles.lines}`} aria-label="Распознанные товары">
            <thead>
              <tr>
                <th scope="col" className={styles.checkCell}>
                  <input type="checkbox" aria-label="Выбрать все" {...api.getToggleAllProps()} />
                </th>
                <th scope="col">Наименование</th>
                <th scope="col">Артикул</th>
                <th scope="col" className={table.number}>
                  Цена
                </th>
                <th scope="col" className={table.number}>
                  Свободно на складе
                </th>
                <th scope="col">Количество</th>
              </tr>
            </thead>
            <tbody>
              {api.products.map((product) => (
                <ProductLine key={product.id} api={api} product={product} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {api.unmatched.length > 0 ? <UnmatchedRows title={api.unmatchedTitle} rows={api.unmatched} /> : null}
      {api.addError ? <ErrorBlock {...api.addError} /> : null}
      <div className={styles.footer}>
        <p className={styles.totals} aria-live="polite">
          {api.totalsText}
        </p>
        <div className={styles.actions}>
          <Button variant="primary" {...api.getAddButtonProps()}>
            {api.addButtonLabel}
          </Button>
          <Button {...api.getCancelButtonProps()}>Отмена</Button>
        </div>
      </div>
    </>
  )
}

function ProductLine({ api, product }: { api: PricelistDialogApi; product: PricelistProduct }) {
  const line = api.lineOf(product)
  if (!line) return null
  return (
    <>
      <tr data-line={line.id} className={line.isSelected ? undefined : styles.unchosen}>
        <td className={styles.checkCell}>
          <input type="checkbox" {...line.getCheckboxProps()} />
        </td>
        <td data-label="Наименование">{product.header}</td>
        <td className={table.mono} data-label="Артикул">
          {product.articul}
        </td>
        <td className={table.number} data-label="Цена">
          {line.price}
        </td>
        <td className={table.number} data-label="Свободно на складе">
          {line.stock}
        </td>
        <td data-label="Количество">
          {line.isSelectable ? <QuantityStepper {...line.getStepperProps()} /> : <span className={styles.muted}>Нет на складе</span>}
        </td>
      </tr>
      {line.notice ? (
        <tr className={styles.noticeRow}>
          <td colSpan={6}>
            <p className={styles.notice} role={line.notice.isAlert ? 'alert' : undefined}>
              {line.notice.text}
              {line.notice.onDismiss ? (
                <button type="button" className={styles.noticeClose} onClick={line.notice.onDismiss}>
                  Закрыть
                </button>
              ) : null}
            </p>
          </td>
        </tr>
      ) : null}
    </>
  )
}

function UnmatchedRows({ title, rows }: { title: string; rows: readonly UnmatchedRow[] }) {
  return (
    <section className={styles.unmatched} aria-labelledby="pricelist-unmatched-title">
      <h3 id="pricelist-unmatched-title" className={styles.unmatchedTitle}>
        {title}
      </h3>
      <div className={styles.scroll}>
        <table className={`${table.table} ${styles.unmatchedTable}`}>
          <thead>
            <tr>
              <th scope="col" className={table.number}>
                Строка
              </th>
              <th scope="col">Текст строки</th>
              <th scope="col">Причина</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.row} data-row={row.row}>
                <td className={table.number} data-label="Строка">
                  {row.row}
                </td>
                <td className={table.mono} data-label="Текст строки">
                  {row.text}
                </td>
                <td data-label="Причина">{row.reason}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  )
}
