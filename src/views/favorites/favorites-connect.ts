import { shallowEqual, useSelector } from '@xstate/react'
import { useMemo } from 'react'
import type { SnapshotFrom } from 'xstate'
import type { CatalogueProduct } from '../../contract/catalogue'
import {
  MARKED_LIST_TEXTS,
  NEED_MESSAGES,
  type FavoritesNeedsActor,
  type FavoritesNeedsEvent,
  type favoritesNeedsMachine,
} from '../../machines/favorites-needs.machine'
import { isMarkedBulkBusyOf, isRemoveFailedOf, markedListViewOf, needTextOf, needViewOf, removingIdOf } from '../../machines/favorites-needs.selectors'
import { connectSelection } from '../ui/selection-connect'
import { useBasketViewModel } from '../product/use-basket-view-model'

type FavoritesNeedsSnapshot = SnapshotFrom<typeof favoritesNeedsMachine>
type Send = (event: FavoritesNeedsEvent) => void

/** What the favourites/needs screen reads from its machine: flat, so equal states compare shallowly equal. */
const markedGoodsStateOf = (snapshot: FavoritesNeedsSnapshot) => ({
  list: snapshot.context.list,
  view: markedListViewOf(snapshot),
  page: snapshot.context.page,
  answer: snapshot.context.result,
  errorMessage: snapshot.context.errorMessage,
  removeFailed: isRemoveFailedOf(snapshot),
  removingId: removingIdOf(snapshot),
  card: snapshot.children.productCard,
  selected: snapshot.context.selected,
  isBulkBusy: isMarkedBulkBusyOf(snapshot),
  /** the dialog of a bulk action of the selection bar, while it runs */
  bulkDialog: snapshot.children.bulkAdd ?? snapshot.children.bulkRemove ?? null,
})

export type MarkedGoodsState = ReturnType<typeof markedGoodsStateOf>

/**
 * The favourites/needs screen's view-model (as the catalogue's `connect`): the list's texts, its
 * notice, and each row's controls; neither the «В корзину» column nor the bar's «В корзину» where
 * the account's basket is closed (issue 21, item 12).
 */
function connectState(state: MarkedGoodsState, send: Send, canFillBasket: boolean) {
  const { list, view, page, answer, errorMessage } = state
  const texts = MARKED_LIST_TEXTS[list]
  return {
    texts,
    isNeeds: list === 'needs',
    /** the «В корзину» column */
    canFillBasket,
    titleId: `${list}-title`,
    answer,
    card: state.card,
    closeCard: () => send({ type: 'card.close' }),
    /** «Товар не убран из …: <the server's message>», while it shows */
    removeFailedText: state.removeFailed ? `${texts.removeFailed}: ${errorMessage ?? ''}` : null,
    getDismissProps: () => ({ type: 'button' as const, onClick: () => send({ type: 'notice.dismiss' }) }),
    /** the list as the shared paged-products view takes it */
    pagedList: {
      state: view,
      page,
      result: answer && { products: answer.goods, count: answer.count, pages: answer.pagination.pages },
      errorMessage,
      onRetry: () => send({ type: 'list.retry' }),
    },
    /** the check-all box, the row boxes and the bar: «В корзину» and «Убрать» for the checked products */
    selection: connectSelection({
      ids: answer?.goods.map((product) => product.id) ?? [],
      selected: state.selected,
      allLabel: 'Выбрать все товары страницы',
      rowLabel: (id) => `Выбрать: ${answer?.goods.find((product) => product.id === id)?.header ?? id}`,
      isBusy: state.isBulkBusy,
      send,
      actions: [
        ...(canFillBasket
          ? [
              {
                kind: 'button' as const,
                key: 'add',
                label: 'В корзину',
                isPrimary: true,
                isDisabled: state.isBulkBusy,
                onPress: () => send({ type: 'selection.addToBasket' }),
              },
            ]
          : []),
        { kind: 'button', key: 'remove', label: 'Убрать', isDisabled: state.isBulkBusy, onPress: () => send({ type: 'selection.remove' }) },
      ],
    }),
    bulkDialog: state.bulkDialog,
    /** the hint with the link to the catalogue: an empty list's first page */
    showEmptyHint: view === 'empty' && page === 1,
    getProductLinkProps: (product: CatalogueProduct) => ({ type: 'button' as const, onClick: () => send({ type: 'card.open', productId: product.id }) }),
    getRemoveButtonProps: (product: CatalogueProduct) => ({
      type: 'button' as const,
      disabled: state.removingId !== null,
      'aria-label': `${texts.remove}: ${product.header}`,
      onClick: () => send({ type: 'item.remove', product }),
    }),
  }
}

/** `canFillBasket`: the shell's access state (false where the account's basket is closed). */
export const connect = (snapshot: FavoritesNeedsSnapshot, send: Send, canFillBasket = true) => connectState(markedGoodsStateOf(snapshot), send, canFillBasket)

export type MarkedGoodsApi = ReturnType<typeof connectState>

export const useMarkedGoodsApi = (actor: FavoritesNeedsActor): MarkedGoodsApi => useBasketViewModel(actor, markedGoodsStateOf, connectState)

/** What one row's need field reads: its own view and text, and the save's error. */
export const needStateOf = (snapshot: FavoritesNeedsSnapshot, productId: number) => ({
  view: needViewOf(snapshot, productId),
  text: needTextOf(snapshot, productId),
  needError: snapshot.context.needError,
})

export type NeedState = ReturnType<typeof needStateOf>

/** One row's need field: type, then «Сохранить» or Enter; Escape puts the saved one back. */
export function connectNeed({ view, text, needError }: NeedState, product: CatalogueProduct, send: Send) {
  const messageId = `need-message-${product.id}`
  return {
    getFormProps: () => ({
      'aria-label': `Потребность: ${product.header}`,
      'aria-busy': view === 'saving',
      onSubmit: (event: { preventDefault: () => void }) => {
        event.preventDefault()
        send({ type: 'need.save' })
      },
    }),
    getInputProps: () => ({
      'aria-label': `Потребность, шт.: ${product.header}`,
      'aria-invalid': view === 'invalid' || view === 'failed' ? true : undefined,
      'aria-describedby': view === 'idle' ? undefined : messageId,
      readOnly: view === 'saving',
      value: text ?? String(product.need),
      onChange: (event: { target: { value: string } }) => send({ type: 'need.input', productId: product.id, text: event.target.value }),
      onKeyDown: (event: { key: string }) => {
        if (event.key === 'Escape') send({ type: 'need.cancel' })
      },
    }),
    getSaveButtonProps: () => ({
      type: 'submit' as const,
      disabled: view !== 'editing',
      'aria-label': `Сохранить потребность: ${product.header}`,
      title: 'Сохранить',
    }),
    /** the message under the field: an alert (a bad entry, a failed save) or the status line («Потребность сохранена», else empty) */
    message: {
      id: messageId,
      isAlert: view === 'invalid' || view === 'failed',
      text:
        view === 'invalid'
          ? NEED_MESSAGES.badNeed
          : view === 'failed'
            ? `${NEED_MESSAGES.saveFailed}: ${needError ?? ''}`
            : view === 'saved'
              ? NEED_MESSAGES.saved
              : null,
    },
  }
}

export type NeedApi = ReturnType<typeof connectNeed>

/** One row's need field; a row renders again only when its own view or text (or the error) changes. */
export function useNeedApi(actor: FavoritesNeedsActor, product: CatalogueProduct): NeedApi {
  const state = useSelector(actor, (snapshot) => needStateOf(snapshot, product.id), shallowEqual)
  return useMemo(() => connectNeed(state, product, (event) => actor.send(event)), [state, product, actor])
}
