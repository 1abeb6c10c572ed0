import { useSelector } from '@xstate/react'
import type { CSSProperties } from 'react'
import { Dialog, Heading, Modal, ModalOverlay, Tab, TabList, TabPanel, Tabs, type Key } from 'react-aria-components'
import type { Warehouse } from '../../contract/account'
import { TAB_IDS, type BindData, type ProductCard, type ProductTab } from '../../contract/product'
import { GALLERY_PREVIEW_SLIDES, PRODUCT_CARD_MESSAGES, previewStart, type ProductCardActor, type TabId } from '../../machines/product-card.machine'
import { asyncTabViewOf, cardErrorOf, isCardLoading, isWishFailed, isWishSaving, selectedTabOf } from '../../machines/product-card.selectors'
import { TIMINGS } from '../../machines/timings'
import { isBasketClosedOf } from '../../machines/shell.selectors'
import { useInitData, useShellActor } from '../layout/shell-context'
import { Button } from '../ui/button'
import { ErrorBlock } from '../ui/error-block'
import { formatInteger, formatMoney } from '../ui/format'
import { CloseIcon, StarIcon } from '../ui/icons'
import { Loading } from '../ui/loading'
import table from '../ui/data-table.module.css'
import { productNameOf, useProductCardHost } from './product-name-card'
import { ProductTable, type ProductViewProps } from './product-table'
import { AddToBasket } from './add-to-basket'
import styles from './product-card-dialog.module.css'

export interface ProductCardDialogProps {
  /** the card's actor, invoked by the workflow that opened it (the catalogue, the header search) */
  card: ProductCardActor
  onClose: () => void
}

const pictureUrl = (id: number) => `/pictures/${id}.svg`

/**
 * The product popup card (spec §2, §3 Product) in a modal dialog: focus stays inside, Escape
 * and a click outside close it. The workflow that opens it invokes the card's machine while it is
 * open, so each opening loads afresh and the opener hears of what changes in it.
 */
export default function ProductCardDialog(props: ProductCardDialogProps) {
  return (
    <ModalOverlay className={styles.overlay} isOpen isDismissable onOpenChange={(open) => (open ? undefined : props.onClose())}>
      <Modal className={styles.modal}>
        {/* another product's card (an analogue's) is a new dialog: the name pressed went with the old
            one, and a new dialog takes the focus itself, so Escape still reaches it */}
        <Dialog key={props.card.sessionId} className={styles.dialog} aria-label="Карточка товара">
          <ProductCardContent {...props} />
        </Dialog>
      </Modal>
    </ModalOverlay>
  )
}

/** A warehouse by id with its name from the init data («Склад № 4» if it is not listed). */
function useWarehouse(id: number): Warehouse {
  const { warehouses } = useInitData()
  return { id, header: warehouses.find((candidate) => candidate.id === id)?.header ?? `Склад № ${id}` }
}

function ProductCardContent({ card, onClose }: ProductCardDialogProps) {
  const product = useSelector(card, (snapshot) => snapshot.context.product)
  // the warehouse the opener shows (the catalogue's, or the dealer's chosen one)
  const warehouse = useWarehouse(useSelector(card, (snapshot) => snapshot.context.warehouse))
  const isLoading = useSelector(card, isCardLoading)
  const errorMessage = useSelector(card, cardErrorOf)

  const closeButton = (
    <Button className={styles.close} aria-label="Закрыть карточку" onPress={onClose}>
      <CloseIcon />
    </Button>
  )
  if (product === null || isLoading) {
    return (
      <div className={styles.status}>
        {closeButton}
        {errorMessage !== null ? (
          <ErrorBlock title={PRODUCT_CARD_MESSAGES.contentFailed} message={errorMessage} onRetry={() => card.send({ type: 'card.retry' })} />
        ) : (
          <Loading label="Загрузка товара…" />
        )}
      </div>
    )
  }
  return (
    <article className={styles.card}>
      <header className={styles.heading}>
        <div>
          <Heading slot="title" className={styles.title}>
            {product.header}
          </Heading>
          <p className={styles.meta}>
            Артикул <span className={table.mono}>{product.articul}</span> · {product.brand.header} · {product.category.header}
          </p>
        </div>
        {closeButton}
      </header>
      <div className={styles.summary}>
        <Gallery card={card} product={product} />
        <Offer card={card} product={product} warehouse={warehouse} />
      </div>
      <ProductTabs card={card} product={product} warehouse={warehouse} />
    </article>
  )
}

function Gallery({ card, product }: { card: ProductCardActor; product: ProductCard }) {
  const slide = useSelector(card, (snapshot) => snapshot.context.slide)
  const { pictures, header } = product
  if (pictures.length === 0) return <div className={styles.noPicture}>{PRODUCT_CARD_MESSAGES.noPictures}</div>

  const start = previewStart(pictures.length, slide)
  const previews = pictures.slice(start, start + GALLERY_PREVIEW_SLIDES)
  const trackStyle = {
    transform: `translateX(-${slide * 100}%)`,
    '--slide-ms': `${TIMINGS.gallerySlideMs}ms`,
  } as CSSProperties
  return (
    <section className={styles.gallery} aria-roledescription="галерея" aria-label={`Изображения: ${header}`}>
      <div className={styles.viewport}>
        <div className={styles.track} style={trackStyle}>
          {pictures.map((picture, index) => (
            <img
              key={picture}
              className={styles.slide}
              src={pictureUrl(picture)}
              alt={`${header}, изображение ${index + 1} из ${pictures.length}`}
              aria-hidden={index !== slide}
              decoding="async"
            />
          ))}
        </div>
        {pictures.length > 1 ? (
          <>
            <button
              type="button"
              className={`${styles.arrow} ${styles.previous}`}
              aria-label="Предыдущее изображение"
              onClick={() => card.send({ type: 'gallery.previous' })}
            >
              ‹
            </button>
            <button
              type="button"
              className={`${styles.arrow} ${styles.next}`}
              aria-label="Следующее изображение"
              onClick={() => card.send({ type: 'gallery.next' })}
            >
              ›
            </button>
          </>
        ) : null}
      </div>
      {pictures.length > 1 ? (
        <ul className={styles.previews} aria-label="Миниатюры">
          {previews.map((picture, offset) => {
            const index = start + offset
            return (
              <li key={picture}>
                <button
                  type="button"
                  className={index === slide ? `${styles.preview} ${styles.previewCurrent}` : styles.preview}
                  aria-label={`Показать изображение ${index + 1}`}
                  aria-current={index === slide}
                  onClick={() => card.send({ type: 'gallery.show', index })}
                >
                  <img src={pictureUrl(picture)} alt="" decoding="async" />
                </button>
              </li>
            )
          })}
        </ul>
      ) : null}
    </section>
  )
}

function Offer({ card, product, warehouse }: { card: ProductCardActor; product: ProductCard; warehouse: Warehouse }) {
  const isSaving = useSelector(card, isWishSaving)
  const wishFailed = useSelector(card, isWishFailed)
  return (
    <div className={styles.offer}>
      <dl className={styles.facts}>
        <dt>Цена</dt>
        <dd className={styles.price}>{formatMoney(product.price)}</dd>
        <dt>РРЦ</dt>
        <dd>{formatMoney(product.price_rrc)}</dd>
        <dt>Остаток ({warehouse.header})</dt>
        <dd>{formatInteger(product.quantity)}</dd>
      </dl>
      <AddToBasket productId={product.id} warehouse={warehouse.id} available={product.quantity} contract={product.contract} header={product.header} />
      <div>
        <Button aria-pressed={product.inwish} isDisabled={isSaving} onPress={() => card.send({ type: 'wish.toggle' })}>
          <StarIcon filled={product.inwish} /> {product.inwish ? 'В избранном' : 'В избранное'}
        </Button>
        {wishFailed ? (
          <p className={styles.alert} role="alert">
            {PRODUCT_CARD_MESSAGES.wishFailed}
          </p>
        ) : null}
      </div>
    </div>
  )
}

const TAB_ORDER: readonly TabId[] = Object.values(TAB_IDS)

function ProductTabs({ card, product, warehouse }: { card: ProductCardActor; product: ProductCard; warehouse: Warehouse }) {
  const selected = useSelector(card, selectedTabOf)
  const select = (key: Key) => {
    const tab = TAB_ORDER.find((candidate) => candidate === key)
    if (tab) card.send({ type: 'tab.select', tab })
  }
  // spec §3: the tabs come in groups; each group is one tab strip (today the card sends one)
  return product.tabs.map((group) => (
    <Tabs key={group.id} className={styles.tabs} selectedKey={selected} onSelectionChange={select}>
      <TabList className={styles.tabList} aria-label="Сведения о товаре">
        {group.items.map((tab) => (
          <Tab key={tab.id} id={tab.id} className={styles.tab}>
            {tab.header}
          </Tab>
        ))}
      </TabList>
      {group.items.map((tab) => (
        <TabPanel key={tab.id} id={tab.id} className={styles.tabPanel}>
          <TabContent card={card} tab={tab} product={product} warehouse={warehouse} />
        </TabPanel>
      ))}
    </Tabs>
  ))
}

function TabContent({ card, tab, product, warehouse }: { card: ProductCardActor; tab: ProductTab; product: ProductCard; warehouse: Warehouse }) {
  switch (tab.id) {
    case TAB_IDS.params:
      return tab.data.length === 0 ? (
        <p className={styles.muted}>Характеристики не указаны</p>
      ) : (
        <table className={table.table}>
          <tbody>
            {tab.data.map((param) => (
              <tr key={param.id}>
                <th scope="row">{param.header}</th>
                <td>
                  {param.value} {param.unit}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )
    case TAB_IDS.description:
      return <p className={styles.description}>{tab.data || 'Описание отсутствует'}</p>
    case TAB_IDS.stocks:
    case TAB_IDS.analogs:
      return <AsyncTabContent card={card} tab={tab.id} product={product} warehouse={warehouse} />
  }
}

interface AsyncTabProps {
  card: ProductCardActor
  tab: typeof TAB_IDS.stocks | typeof TAB_IDS.analogs
  product: ProductCard
  warehouse: Warehouse
}

function AsyncTabContent({ card, tab, product, warehouse }: AsyncTabProps) {
  const view = useSelector(card, (snapshot) => asyncTabViewOf(snapshot, tab))
  const data = useSelector(card, (snapshot) => snapshot.context.bindData)
  if (view === 'failed') {
    return <ErrorBlock title={PRODUCT_CARD_MESSAGES.contentFailed} onRetry={() => card.send({ type: 'tab.retry' })} />
  }
  if (view === 'loading') return <Loading label="Загрузка…" />
  if (tab === TAB_IDS.stocks) return <StocksTab stocks={data.stocks ?? []} product={product} />
  const analogs = data.analogs ?? []
  if (analogs.length === 0) return <p className={styles.muted}>Аналогов нет</p>
  return <Analogues products={analogs} contract={product.contract} warehouse={warehouse} />
}

/**
 * The analogues tab: an analogue's name opens its card in the session's product card host (shown
 * by the cabinet frame): over this card when a screen's own machine opened it, in its place when
 * the host did.
 */
function Analogues(props: Omit<ProductViewProps, 'busy' | 'nameOf'>) {
  return <ProductTable {...props} busy={false} nameOf={productNameOf(useProductCardHost(), props.contract, props.warehouse.id)} />
}

/** «Наличие на складах»: each warehouse with stock offers its own «В корзину» (none when the basket is closed to the account). */
function StocksTab({ stocks, product }: { stocks: NonNullable<BindData['stocks']>; product: ProductCard }) {
  const canAdd = !useSelector(useShellActor(), isBasketClosedOf)
  return (
    <div className={styles.stocks}>
      <table className={table.table}>
        <thead>
          <tr>
            <th scope="col">Склад</th>
            <th scope="col" className={table.number}>
              Остаток
            </th>
            {canAdd ? <th scope="col">В корзину</th> : null}
          </tr>
        </thead>
        <tbody>
          {stocks.map((stock) => (
            <tr key={stock.wms_id}>
              <th scope="row">{stock.header}</th>
              <td className={table.number}>{formatInteger(stock.quantity)}</td>
              {canAdd ? (
                <td>
                  {stock.quantity > 0 ? (
                    <AddToBasket
                      productId={product.id}
                      warehouse={stock.wms_id}
                      available={stock.quantity}
                      contract={product.contract}
                      header={product.header}
                      place={stock.header}
                      wrap
                    />
                  ) : (
                    <span className={styles.muted}>Нет в наличии</span>
                  )}
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
