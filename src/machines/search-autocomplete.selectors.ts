import type { SnapshotFrom } from 'xstate'
import { SEARCH_MESSAGES, type AutocompleteItem } from '../contract/search'
import type { ProductCardActor } from './product-card.machine'
import { SEARCH_AUTOCOMPLETE_MESSAGES, type searchAutocompleteMachine } from './search-autocomplete.machine'

/** What the header search box reads of its machine: pure functions of the snapshot. */
export type SearchAutocompleteSnapshot = SnapshotFrom<typeof searchAutocompleteMachine>

/** The message the open list shows when it has no options. */
export type ListMessageKind = 'tooShort' | 'searching' | 'noResults' | 'failed'

const NO_OPTIONS: readonly AutocompleteItem[] = []

/** The search states with something to show in the list: a message or the suggestions. */
const hasListContent = (snapshot: SearchAutocompleteSnapshot) =>
  snapshot.matches({ search: 'tooShort' }) ||
  snapshot.matches({ search: 'debouncing' }) ||
  snapshot.matches({ search: 'loading' }) ||
  snapshot.matches({ search: 'suggestions' }) ||
  snapshot.matches({ search: 'noResults' }) ||
  snapshot.matches({ search: 'failed' })

/** The popup under the field shows (the field's aria-expanded). */
export const isListOpen = (snapshot: SearchAutocompleteSnapshot): boolean =>
  snapshot.matches({ field: 'focused' }) && snapshot.matches({ list: 'open' }) && hasListContent(snapshot)

/** The suggestions the list offers; the same empty array while there are none. */
export const visibleOptions = (snapshot: SearchAutocompleteSnapshot): readonly AutocompleteItem[] =>
  snapshot.matches({ search: 'suggestions' }) ? snapshot.context.suggestions : NO_OPTIONS

/** The index of the highlighted option, or -1. */
export const highlightedIndex = (snapshot: SearchAutocompleteSnapshot): number => snapshot.context.highlighted

/** The option the arrows moved to, while the list shows (the field's aria-activedescendant). */
export const activeOption = (snapshot: SearchAutocompleteSnapshot): AutocompleteItem | undefined =>
  isListOpen(snapshot) ? visibleOptions(snapshot)[snapshot.context.highlighted] : undefined

/** Which message the list shows in place of options, if any. */
export function listMessageKind(snapshot: SearchAutocompleteSnapshot): ListMessageKind | null {
  if (snapshot.matches({ search: 'tooShort' })) return 'tooShort'
  if (snapshot.matches({ search: 'debouncing' }) || snapshot.matches({ search: 'loading' })) return 'searching'
  if (snapshot.matches({ search: 'noResults' })) return 'noResults'
  if (snapshot.matches({ search: 'failed' })) return 'failed'
  return null
}

/** The text of that message: the Russian wording, or the server's message when the call failed. */
export function listMessageText(snapshot: SearchAutocompleteSnapshot): string | null {
  const kind = listMessageKind(snapshot)
  if (kind === 'tooShort') return SEARCH_MESSAGES.tooShort
  if (kind === 'searching') return SEARCH_AUTOCOMPLETE_MESSAGES.searching
  if (kind === 'noResults') return SEARCH_AUTOCOMPLETE_MESSAGES.noResults
  if (kind === 'failed') return snapshot.context.errorMessage
  return null
}

/** "Введите не менее 2 символов" under the field: a too-short keyword while the list does not show. */
export const isHintShown = (snapshot: SearchAutocompleteSnapshot): boolean => snapshot.matches({ search: 'tooShort' }) && !isListOpen(snapshot)

/** The product card the machine runs while a chosen suggestion's card is open. */
export const openProductCard = (snapshot: SearchAutocompleteSnapshot): ProductCardActor | undefined => snapshot.children.productCard
