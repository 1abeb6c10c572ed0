/** The list events both suggestion machines take (the address form's and the consignee form's). */
export type SuggestListEvent = { type: 'list.move'; step: 1 | -1 } | { type: 'list.pick' } | { type: 'list.close' }

/**
 * A key pressed in a suggesting field, as its machine's event: arrows move, Enter picks the
 * highlighted suggestion, Escape closes the list. Null when the key is the field's own (the list
 * is closed, or Enter with nothing highlighted): the caller then lets it through.
 */
export function suggestKeyEvent(key: string, list: { isOpen: boolean; highlighted: number }): SuggestListEvent | null {
  if (!list.isOpen) return null
  if (key === 'ArrowDown' || key === 'ArrowUp') return { type: 'list.move', step: key === 'ArrowDown' ? 1 : -1 }
  if (key === 'Enter' && list.highlighted >= 0) return { type: 'list.pick' }
  if (key === 'Escape') return { type: 'list.close' }
  return null
}
