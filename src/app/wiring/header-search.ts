import { searchAutocompleteMachine } from '../../machines/search-autocomplete.machine'
import { createSearchAutocompleteActors, rememberSearchKeyword } from '../../services/search'
import type { AppWiring } from './app-wiring'

/**
 * The header search's machine with its real actors. Imported when the header first shows, so the
 * search's code is not in the first load.
 */
export function wireHeaderSearch({ http, storage, cardActors }: AppWiring) {
  return searchAutocompleteMachine.provide({
    actors: { ...createSearchAutocompleteActors({ http }), ...cardActors },
    actions: {
      storeSubmittedKeyword: (_, { keyword }) => rememberSearchKeyword(storage, keyword),
    },
  })
}
