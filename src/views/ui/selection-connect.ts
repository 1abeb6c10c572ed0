import type { RowSelectionEvent } from '../../machines/row-selection'
import { formatInteger } from './format'

/** One action of the selection bar: a button that sends an event, or a link (a file to download). */
type SelectionBarAction =
  | { kind: 'button'; key: string; label: string; isPrimary?: boolean; isDisabled: boolean; onPress: () => void }
  | { kind: 'link'; key: string; label: string; href: string; download: boolean }

export interface SelectionParams {
  /** the ids of the rows shown */
  ids: readonly number[]
  selected: readonly number[]
  /** the check-all box's label: «Выбрать все заказы страницы» */
  allLabel: string
  /** a row box's label: «Выбрать заказ № 41» */
  rowLabel: (id: number) => string
  /** a bulk action runs: the boxes wait */
  isBusy: boolean
  actions: SelectionBarAction[]
  send: (event: RowSelectionEvent) => void
}

/**
 * The selection of a table, as the selection bar and the row boxes show it (orders, favourites and
 * needs, drafts): with rows checked, «Выбрано: N», the bulk actions and «Снять выбор» stand in
 * place of the column titles; the check-all box is half checked while some rows (not all) are.
 */
export function connectSelection({ ids, selected, allLabel, rowLabel, isBusy, actions, send }: SelectionParams) {
  const isAllSelected = ids.length > 0 && ids.every((id) => selected.includes(id))
  return {
    hasSelection: selected.length > 0,
    text: `Выбрано: ${formatInteger(selected.length)}`,
    isPartlySelected: selected.length > 0 && !isAllSelected,
    actions,
    isSelected: (id: number) => selected.includes(id),
    getSelectAllProps: () => ({
      type: 'checkbox' as const,
      'aria-label': allLabel,
      checked: isAllSelected,
      disabled: isBusy || ids.length === 0,
      onChange: () => send({ type: 'selection.all' }),
    }),
    getRowCheckboxProps: (id: number) => ({
      type: 'checkbox' as const,
      'aria-label': rowLabel(id),
      checked: selected.includes(id),
      disabled: isBusy,
      onChange: () => send({ type: 'selection.toggle', id }),
    }),
    getClearProps: () => ({ isDisabled: isBusy, onPress: () => send({ type: 'selection.clear' }) }),
  }
}

export type SelectionApi = ReturnType<typeof connectSelection>
