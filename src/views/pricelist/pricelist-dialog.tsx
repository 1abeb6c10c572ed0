import { useSelector } from '@xstate/react'
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components'
import type { PricelistProduct, UnmatchedRow } from '../../contract/pricelist'
import { PRICELIST_PAGE_MESSAGES, type PricelistActor } from '../../machines/pricelist.machine'
import { allChosen, chosenTotals, isSelectable, isShortOnStock, stockOf } from '../../machines/pricelist-rules'
import { QuantityStepper } from '../product/quantity-stepper'
import { Button } from '../ui/button'
import table from '../ui/data-table.module.css'
import { ErrorBlock } from '../ui/error-block'
import { formatCount, formatInteger, formatMoney, PRODUCT_FORMS, type WordForms } from '../ui/format'
import styles from './pricelist.module.css'

const ROW_FORMS: WordForms = { one: 'строка', few: 'строки', many: 'строк' }

/** The selection modal: the recognised products to tick and count, the rows not recognised, then «Добавить в корзину». */
export function PricelistDialog({ pricelist }: { pricelist: PricelistActor }) {
  const step = useSelector(pricelist, (snapshot) => (snapshot.matches('adding') ? 'adding' : snapshot.matches('refused') ? 'refused' : 'choosing'))
  const close = () => pricelist.send({ type: 'modal.close' })
  return (
    <ModalOverlay
      className={styles.overlay}
      isOpen
      isDismissable={step !== 'adding'}
      isKeyboardDismissDisabled={step === 'adding'}
      onOpenChange={(open) => (open ? undefined : close())}
    >
      <Modal className={styles.modal}>
        <Dialog className={styles.dialog} aria-busy={step === 'adding'}>
          <Heading slot="title" className={styles.dialogTitle}>
            {step === 'refused' ? 'Не все товары добавлены в корзину' : 'Товары из списка'}
          </Heading>
          {step === 'refused' ? <RefusedLines pricelist={pricelist} /> : <Choice pricelist={pricelist} isBusy={step === 'adding'} />}
        </Dialog>
      </Modal>
    </ModalOverlay>
  )
}

function RefusedLines({ pricelist }: { pricelist: PricelistActor }) {
  const refused = useSelector(pricelist, (snapshot) => snapshot.context.refused)
  const added = useSelector(pricelist, (snapshot) => snapshot.context.addedCount)
  return (
    <>
      <div className={styles.alert} role="alert">
        <p>{PRICELIST_PAGE_MESSAGES.overStock}. Эти товары не добавлены:</p>
        <ul>
          {refused.map((line) => (
            <li key={`${line.id}-${line.wms}`}>
              {line.header} ({line.articul}): запрошено {formatInteger(line.requested)}, свободно {formatInteger(line.available)}
            </li>
          ))}
        </ul>
      </div>
      <p>Добавлено в корзину: {formatCount(added, PRODUCT_FORMS)}.</p>
      <div className={styles.actions}>
        <Button variant="primary" autoFocus onPress={() => pricelist.send({ type: 'cart.open' })}>
          Перейти в корзину
        </Button>
        <Button onPress={() => pricelist.send({ type: 'modal.close' })}>Закрыть</Button>
      </div>
    </>
  )
}

function Choice({ pricelist, isBusy }: { pricelist: PricelistActor; isBusy: boolean }) {
  const answer = useSelector(pricelist, (snapshot) => snapshot.context.answer)
  const lines = useSelector(pricelist, (snapshot) => snapshot.context.lines)
  const failed = useSelector(pricelist, (snapshot) => snapshot.matches({ choosing: 'failed' }))
  const errorMessage = useSelector(pricelist, (snapshot) => snapshot.context.errorMessage)
  if (!answer) return null
  const { products, unmatched } = answer
  const totals = chosenTotals(lines, products)
  const selectable = products.filter(isSelectable)

  return (
    <>
      {products.length === 0 ? (
        <p className={styles.alert} role="alert">
          Ни один товар не распознан.
        </p>
      ) : (
        <div className={styles.scroll}>
          <table className={`${table.table} ${styles.lines}`} aria-label="Распознанные товары">
            <thead>
              <tr>
                <th scope="col" className={styles.checkCell}>
                  <input
                    type="checkbox"
                    aria-label="Выбрать все"
                    checked={allChosen(lines, products)}
                    disabled={isBusy || selectable.length === 0}
                    onChange={() => pricelist.send({ type: 'lines.toggleAll' })}
                  />
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
              {products.map((product) => (
                <ProductLine key={product.id} pricelist={pricelist} product={product} isBusy={isBusy} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {unmatched.length > 0 ? <UnmatchedRows rows={unmatched} /> : null}
      {failed ? <ErrorBlock title={PRICELIST_PAGE_MESSAGES.addFailed} message={errorMessage} /> : null}
      <div className={styles.footer}>
        <p className={styles.totals} aria-live="polite">
          Выбрано: {formatCount(totals.count, PRODUCT_FORMS)}, {formatInteger(totals.qnt)} шт. на сумму {formatMoney(totals.sum)}
        </p>
        <div className={styles.actions}>
          <Button variant="primary" isDisabled={isBusy || totals.count === 0} onPress={() => pricelist.send({ type: 'cart.add' })}>
            {isBusy ? 'Добавление…' : 'Добавить в корзину'}
          </Button>
          <Button isDisabled={isBusy} onPress={() => pricelist.send({ type: 'modal.close' })}>
            Отмена
          </Button>
        </div>
      </div>
    </>
  )
}

function ProductLine({ pricelist, product, isBusy }: { pricelist: PricelistActor; product: PricelistProduct; isBusy: boolean }) {
  const id = String(product.id)
  const line = useSelector(pricelist, (snapshot) => snapshot.context.lines[id])
  const isOverStock = useSelector(pricelist, (snapshot) => snapshot.matches({ choosing: 'overStock' }) && snapshot.context.overStockLine === id)
  if (!line) return null
  const selectable = isSelectable(product)
  const short = isShortOnStock(product)
  return (
    <>
      <tr data-line={id} className={line.selected ? undefined : styles.unchosen}>
        <td className={styles.checkCell}>
          <input
            type="checkbox"
            aria-label={`Выбрать: ${product.header}`}
            checked={line.selected}
            disabled={isBusy || !selectable}
            onChange={() => pricelist.send({ type: 'line.toggle', id })}
          />
        </td>
        <td data-label="Наименование">{product.header}</td>
        <td className={table.mono} data-label="Артикул">
          {product.articul}
        </td>
        <td className={table.number} data-label="Цена">
          {formatMoney(product.price)}
        </td>
        <td className={table.number} data-label="Свободно на складе">
          {formatInteger(stockOf(product))}
        </td>
        <td data-label="Количество">
          {selectable ? (
            <QuantityStepper
              label={`Количество: ${product.header}`}
              value={line.text}
              isDisabled={isBusy}
              onInput={(text) => pricelist.send({ type: 'line.input', id, text })}
              onCommit={() => pricelist.send({ type: 'line.commit', id })}
              onIncrement={() => pricelist.send({ type: 'line.step', id, delta: 1 })}
              onDecrement={() => pricelist.send({ type: 'line.step', id, delta: -1 })}
            />
          ) : (
            <span className={styles.muted}>Нет на складе</span>
          )}
        </td>
      </tr>
      {isOverStock || short ? (
        <tr className={styles.noticeRow}>
          <td colSpan={6}>
            <p className={styles.notice} role={isOverStock ? 'alert' : undefined}>
              {PRICELIST_PAGE_MESSAGES.overStock}
              {short ? `: в списке ${formatInteger(product.qnt)} шт. (строка ${product.row}), свободно ${formatInteger(stockOf(product))}` : ''}
              {isOverStock ? (
                <button type="button" className={styles.noticeClose} onClick={() => pricelist.send({ type: 'notice.dismiss' })}>
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

function UnmatchedRows({ rows }: { rows: readonly UnmatchedRow[] }) {
  return (
    <section className={styles.unmatched} aria-labelledby="pricelist-unmatched-title">
      <h3 id="pricelist-unmatched-title" className={styles.unmatchedTitle}>
        Не распознаны: {formatCount(rows.length, ROW_FORMS)}
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
