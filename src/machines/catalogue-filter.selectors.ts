import type { SnapshotFrom } from 'xstate'
import type { CatalogueProduct, MarkKind } from '../contract/catalogue'
import type { catalogueFilterMachine } from './catalogue-filter.machine'

type CatalogueSnapshot = SnapshotFrom<typeof catalogueFilterMachine>

/** The visible condition of the catalogue area, one per machine state. */
export type CatalogueScreen = 'initialising' | 'initFailed' | 'loading' | 'refreshing' | 'loaded' | 'empty' | 'failed'

export function screenOf(snapshot: CatalogueSnapshot): CatalogueScreen {
  const list = snapshot.value.list
  if (typeof list === 'string') return list
  return list.ready === 'fetching' || list.ready === 'checking' ? 'loading' : list.ready
}

/** What the page around the list shows: the start's loading or failure, or the page itself. */
export function pageScreenOf(snapshot: CatalogueSnapshot): 'initialising' | 'initFailed' | 'ready' {
  const list = snapshot.value.list
  return list === 'initialising' || list === 'initFailed' ? list : 'ready'
}

/** 'wish:12', 'need:7': the toggles waiting for the server; compare with shallowEqual. */
export const pendingMarksOf = (snapshot: CatalogueSnapshot): string[] => snapshot.context.marks.map((mark) => markKeyOf(mark.productId, mark.kind))

export const markKeyOf = (productId: number, kind: MarkKind) => `${kind}:${productId}`

const NO_PRODUCTS: CatalogueProduct[] = []

/** The rows of the last answer; the same array until another answer comes (memoised rows rely on it). */
export const shownProductsOf = (snapshot: CatalogueSnapshot): CatalogueProduct[] => snapshot.context.answer?.products ?? NO_PRODUCTS

/** The contract the shown prices are of: the answer's, or the asked one before it. */
export const shownContractOf = (snapshot: CatalogueSnapshot): string => snapshot.context.answer?.contract ?? snapshot.context.contract

/** The warehouse the shown stock is of. */
export const shownWarehouseOf = (snapshot: CatalogueSnapshot): number => snapshot.context.answer?.warehouse ?? snapshot.context.query.warehouse

/** The name of the shown warehouse, or '' before the answer names it. */
export const shownWarehouseNameOf = (snapshot: CatalogueSnapshot): string => {
  const warehouse = shownWarehouseOf(snapshot)
  return snapshot.context.answer?.actualWms.find((wms) => wms.id === warehouse)?.header ?? ''
}
