import { shallowEqual, useSelector } from '@xstate/react'
import { useMemo } from 'react'
import type { SnapshotFrom } from 'xstate'
import type { CatalogueProduct, MarkKind, SortField } from '../../contract/catalogue'
import type { CatalogueFilterActor, CatalogueFilterEvent, catalogueFilterMachine } from '../../machines/catalogue-filter.machine'
import { markKeyOf, pendingMarksOf } from '../../machines/catalogue-filter.selectors'
import { hasChosenFilters, type FilterChange } from '../../machines/catalogue-query'
import type { CatalogueQuery } from '../../machines/catalogue-search'
import { ariaSortOf } from '../../machines/catalogue-sorting'

type CatalogueSnapshot = SnapshotFrom<typeof catalogueFilterMachine>
type Send = (event: CatalogueFilterEvent) => void

const MARK_LABELS: Record<MarkKind, string> = { wish: 'Избранное', need: 'Потребность' }

/**
 * The catalogue screen's view-model (as zag.js's `connect`): what each control shows and the
 * event it sends, as props the views spread. The views hold no logic of their own.
 */
export function connect(snapshot: CatalogueSnapshot, send: Send) {
  return { ...connectQuery(snapshot.context.query, send), ...connectRows(pendingMarksOf(snapshot), send), ...connectFilterChanges(send) }
}

/** The part that follows the query: sort headers, reset, the keyword. */
function connectQuery(query: CatalogueQuery, send: Send) {
  const { sorting } = query
  return {
    /** the column header of a sortable field (aria-sort) */
    getSortHeaderProps: (field: SortField) => ({ scope: 'col' as const, 'aria-sort': ariaSortOf(sorting, field) }),
    /** the header's button: none → ascending → descending; another column starts at ascending */
    getSortButtonProps: (field: SortField) => ({ type: 'button' as const, onClick: () => send({ type: 'sorting.cycle', field }) }),
    sortOrderOf: (field: SortField) => ariaSortOf(sorting, field),
    /** «Сбросить фильтры», shown only when something is chosen */
    canReset: hasChosenFilters(query),
    getResetProps: () => ({ onPress: () => send({ type: 'filter.change', change: { kind: 'reset' } }) }),
    /** the search results' keyword (keyword mode), '' in the plain catalogue */
    keyword: query.keyword,
    /** the keyword's ✕: back to the catalogue's default section, the panel's choices kept */
    getKeywordRemoveProps: () => ({
      type: 'button' as const,
      'aria-label': `Убрать запрос «${query.keyword}»`,
      title: 'Убрать запрос',
      onClick: () => send({ type: 'filter.change', change: { kind: 'keyword', keyword: '' } }),
    }),
  }
}

/**
 * The product rows' part: it changes only when a toggle's save starts or ends, so memoised rows
 * stay as they are while the filter changes.
 */
function connectRows(pendingMarks: string[], send: Send) {
  const pending = new Set(pendingMarks)
  return {
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
  }
}

/** The filter panel's changes: they depend on nothing shown, so they are bound once and memoised groups keep them. */
function connectFilterChanges(send: Send) {
  const change = (filterChange: FilterChange) => send({ type: 'filter.change', change: filterChange })
  return {
    selectCatalog: (id: string) => change({ kind: 'catalog', id }),
    selectWarehouse: (id: number) => change({ kind: 'warehouse', id }),
    setAvailable: (value: boolean) => change({ kind: 'available', value }),
    toggleBrand: (id: number, selected: boolean) => change({ kind: 'brand', id, selected }),
    toggleTag: (id: number, selected: boolean) => change({ kind: 'tag', id, selected }),
    commitPrice: (min: number | null, max: number | null) => change({ kind: 'price', min, max }),
    commitParam: (id: number, minp: number | null, maxp: number | null) => change({ kind: 'param', id, minp, maxp }),
  }
}

export type CatalogueApi = ReturnType<typeof connectQuery>
export type ProductRowsApi = ReturnType<typeof connectRows>
export type FilterChanges = ReturnType<typeof connectFilterChanges>

const queryOf = (snapshot: CatalogueSnapshot) => snapshot.context.query

/** The view-model of the catalogue's query; a new one only when the query changes. */
export function useCatalogueApi(catalogue: CatalogueFilterActor): CatalogueApi {
  const query = useSelector(catalogue, queryOf)
  return useMemo(() => connectQuery(query, (event) => catalogue.send(event)), [query, catalogue])
}

/** The view-model of the product rows; a new one only when the waiting toggles change. */
export function useProductRowsApi(catalogue: CatalogueFilterActor): ProductRowsApi {
  const pendingMarks = useSelector(catalogue, pendingMarksOf, shallowEqual)
  return useMemo(() => connectRows(pendingMarks, (event) => catalogue.send(event)), [pendingMarks, catalogue])
}

/** The filter panel's changes, one set per actor. */
export function useFilterChanges(catalogue: CatalogueFilterActor): FilterChanges {
  return useMemo(() => connectFilterChanges((event) => catalogue.send(event)), [catalogue])
}
