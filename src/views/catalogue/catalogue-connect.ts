import { useSelector } from '@xstate/react'
import type { SnapshotFrom } from 'xstate'
import type { CatalogueProduct, MarkKind, SortField } from '../../contract/catalogue'
import type { CatalogueFilterActor, CatalogueFilterEvent, catalogueFilterMachine } from '../../machines/catalogue-filter.machine'
import { markKeyOf, pendingMarksOf } from '../../machines/catalogue-filter.selectors'
import { hasChosenFilters } from '../../machines/catalogue-query'
import { ariaSortOf } from '../../machines/catalogue-sorting'

type CatalogueSnapshot = SnapshotFrom<typeof catalogueFilterMachine>

const MARK_LABELS: Record<MarkKind, string> = { wish: 'Избранное', need: 'Потребность' }

/**
 * The catalogue screen's view-model (as zag.js's `connect`): what each control shows and the
 * event it sends, as props the views spread. The views hold no logic of their own.
 */
export function connect(snapshot: CatalogueSnapshot, send: (event: CatalogueFilterEvent) => void) {
  const { sorting } = snapshot.context.query
  const pending = new Set(pendingMarksOf(snapshot))
  return {
    /** the column header of a sortable field (aria-sort) */
    getSortHeaderProps: (field: SortField) => ({ scope: 'col' as const, 'aria-sort': ariaSortOf(sorting, field) }),
    /** the header's button: none → ascending → descending; another column starts at ascending */
    getSortButtonProps: (field: SortField) => ({ type: 'button' as const, onClick: () => send({ type: 'sorting.cycle', field }) }),
    sortOrderOf: (field: SortField) => ariaSortOf(sorting, field),
    /** a row's wish or need toggle: pressed when on, busy while its save waits */
    getMarkToggleProps: (product: CatalogueProduct, kind: MarkKind) => {
      const isPending = pending.has(markKeyOf(product.id, kind))
      return {
        type: 'button' as const,
        'aria-pressed': kind === 'wish' ? product.inwish : product.need > 0,
        'aria-busy': isPending,
        disabled: isPending,
        'aria-label': `${MARK_LABELS[kind]}: ${product.header}`,
        title: MARK_LABELS[kind],
        onClick: () => send({ type: 'mark.toggle', productId: product.id, kind }),
      }
    },
    /** a product's name: opens its card (and the address names it) */
    getProductLinkProps: (product: CatalogueProduct) => ({ type: 'button' as const, onClick: () => send({ type: 'card.open', productId: product.id }) }),
    /** «Сбросить фильтры», shown only when something is chosen */
    canReset: hasChosenFilters(snapshot.context.query),
    getResetProps: () => ({ onPress: () => send({ type: 'filter.change', change: { kind: 'reset' } }) }),
    /** the search results' keyword (keyword mode), '' in the plain catalogue */
    keyword: snapshot.context.query.keyword,
    /** the keyword's ✕: back to the catalogue's default section, the panel's choices kept */
    getKeywordRemoveProps: () => ({
      type: 'button' as const,
      'aria-label': `Убрать запрос «${snapshot.context.query.keyword}»`,
      title: 'Убрать запрос',
      onClick: () => send({ type: 'filter.change', change: { kind: 'keyword', keyword: '' } }),
    }),
  }
}

export type CatalogueApi = ReturnType<typeof connect>

/** The view-model of the catalogue actor's current snapshot. */
export const useCatalogueApi = (catalogue: CatalogueFilterActor): CatalogueApi =>
  connect(
    useSelector(catalogue, (snapshot) => snapshot),
    (event) => catalogue.send(event),
  )
