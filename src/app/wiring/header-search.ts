import { searchAutocompleteMachine } from '../../machines/search-autocomplete.machine'
import { createSearchAutocompleteActors, rememberSearchKeyword } from '../../services/search'
import { inboxMachine } from '../../machines/inbox.machine'
import { createInboxActors } from '../../services/inbox'
import type { AppWiring } from './app-wiring'

/**
 * The header search's machine with its real actors. Imported at the first idle moment after the
 * first paint (providers.tsx), so the search's code is not in the first load.
 */
export function wireHeaderSearch({ http, storage, cardActors }: AppWiring) {
  return searchAutocompleteMachine.provide({
    actors: { ...createSearchAutocompleteActors({ http }), ...cardActors },
    actions: {
      storeSubmittedKeyword: (_, { keyword }) => rememberSearchKeyword(storage, keyword),
    },
  })
}

/** The frame's inbox (the shell's child 'inbox') with its 5 s poll: in this chunk, loaded after the first paint, so rxjs is not in the first load. */
export const wireInbox = ({ http }: Pick<AppWiring, 'http'>) => inboxMachine.provide({ actors: createInboxActors({ http }) })
