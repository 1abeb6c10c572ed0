import { assign, type EventObject } from 'xstate'

/** What every table with bulk selection keeps: the ids of the checked rows, in the order they were checked. */
export interface RowSelectionContext {
  selected: number[]
}

/** The events of the selection: a row's box, the check-all box, «Снять выбор». */
export type RowSelectionEvent = { type: 'selection.toggle'; id: number } | { type: 'selection.all' } | { type: 'selection.clear' }

/** The ids with `id` added, or taken out when it was there. */
export const toggled = (ids: readonly number[], id: number) => (ids.includes(id) ? ids.filter((each) => each !== id) : [...ids, id])

/** The checked ids still among `listed`. */
export const keptSelection = (selected: readonly number[], listed: readonly number[]) => selected.filter((id) => listed.includes(id))

/** What a machine tells the selection about itself: its types and the ids of the rows it lists. */
export interface RowSelectionShape<TContext extends RowSelectionContext, TEvent extends EventObject> {
  /** the machine's context and events, as `setup({ types })` takes them */
  types: { context: TContext; events: TEvent }
  /** the ids of the rows shown now (only they can be checked) */
  idsOf: (context: TContext) => readonly number[]
}

/**
 * Bulk selection in a table, written once for every list that has it (orders, favourites and
 * needs, drafts): with one or more rows checked the column titles give way to a bar with the count
 * and the bulk actions; the check-all box checks every row, or unchecks them all when all are
 * checked. A machine spreads `guards` and `actions` into its `setup` and puts `states(someOn)` in
 * a region `selection` (`initial: 'none'`); `someOn` are its bulk actions, which start from `some`,
 * and the states a bulk action runs in are the machine's own (they end with `resetSelection`).
 */
export function rowSelection<TContext extends RowSelectionContext, TEvent extends EventObject>(shape: RowSelectionShape<TContext, TEvent>) {
  type Args = { context: TContext }
  const assignSelected = <TParams extends object | undefined = undefined>(selectedOf: (args: Args, params: TParams) => number[]) =>
    assign<TContext, TEvent, TParams, TEvent, never>((args, params) => ({ selected: selectedOf(args, params) }) as Partial<TContext>)
  const toggle = { type: 'toggleSelected' as const, params: ({ event }: { event: { id: number } }) => ({ id: event.id }) }
  return {
    guards: {
      isSelectable: ({ context }: Args, params: { id: number }) => shape.idsOf(context).includes(params.id),
      isLastSelected: ({ context }: Args, params: { id: number }) => context.selected.length === 1 && context.selected[0] === params.id,
      isAllSelected: ({ context }: Args) => shape.idsOf(context).every((id) => context.selected.includes(id)),
      hasSelectableRows: ({ context }: Args) => shape.idsOf(context).length > 0,
      hasNoneSelectedAmong: ({ context }: Args, params: { ids: readonly number[] }) => keptSelection(context.selected, params.ids).length === 0,
    },
    actions: {
      toggleSelected: assignSelected<{ id: number }>(({ context }, params) => toggled(context.selected, params.id)),
      selectAll: assignSelected(({ context }) => [...shape.idsOf(context)]),
      keepSelectedAmong: assignSelected<{ ids: readonly number[] }>(({ context }, params) => keptSelection(context.selected, params.ids)),
      resetSelection: assignSelected(() => []),
    },
    /** `none` and `some`; `someOn` holds the machine's own transitions from `some` (its bulk actions, a reload) */
    states: <const SomeOn extends object = Record<never, never>>(someOn?: SomeOn) => ({
      none: {
        description: 'No row is checked: the column titles show',
        on: {
          'selection.toggle': {
            guard: { type: 'isSelectable' as const, params: toggle.params },
            target: 'some' as const,
            description: 'The dealer checks a row',
            actions: toggle,
          },
          'selection.all': {
            guard: 'hasSelectableRows' as const,
            target: 'some' as const,
            description: 'The check-all box checks every row of the page',
            actions: 'selectAll' as const,
          },
        },
      },
      some: {
        description: '"Выбрано: N" and the bulk actions in place of the column titles',
        on: {
          'selection.toggle': [
            {
              guard: { type: 'isLastSelected' as const, params: toggle.params },
              target: 'none' as const,
              description: 'The dealer unchecks the last checked row',
              actions: 'resetSelection' as const,
            },
            {
              guard: { type: 'isSelectable' as const, params: toggle.params },
              description: 'The dealer checks or unchecks another row',
              actions: toggle,
            },
          ],
          'selection.all': [
            {
              guard: 'isAllSelected' as const,
              target: 'none' as const,
              description: 'Every row was checked: the check-all box unchecks them all',
              actions: 'resetSelection' as const,
            },
            { description: 'Some rows were checked: the check-all box checks the rest', actions: 'selectAll' as const },
          ],
          'selection.clear': { target: 'none' as const, description: 'The dealer presses «Снять выбор»', actions: 'resetSelection' as const },
          ...(someOn ?? ({} as SomeOn)),
        },
      },
    }),
  }
}
