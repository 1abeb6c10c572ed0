import { CATALOGUE_DEFAULTS, type SortField, type Sorting } from '../contract/catalogue'

/** The catalogue's sorting: one column and its direction, or none (the server's default order). */
export type SortState = Sorting | null

/** Spec §4, §9: the catalogue opens sorted by header, ascending. */
export const DEFAULT_SORTING: Sorting = { ...CATALOGUE_DEFAULTS.sorting }

/**
 * Spec §4: a column header cycles none → ascending → descending → none. Sorting by another
 * column resets the previous one, so that column starts again at ascending.
 */
export function cycleSorting(current: SortState, field: SortField): SortState {
  if (current === null || current.field !== field) return { field, sort: 'asc' }
  return current.sort === 'asc' ? { field, sort: 'desc' } : null
}

/** The column's aria-sort value under the current sorting. */
export function ariaSortOf(current: SortState, field: SortField): 'ascending' | 'descending' | 'none' {
  if (current === null || current.field !== field) return 'none'
  return current.sort === 'asc' ? 'ascending' : 'descending'
}
