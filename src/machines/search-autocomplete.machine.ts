import { assign, setup } from 'xstate'
import { SEARCH_MIN_LENGTH, type AutocompleteItem } from '../contract/search'
import { errorMessageOf, unprovidedPromise } from './machine-support'
import { TIMINGS } from './timings'

export const SEARCH_AUTOCOMPLETE_MESSAGES = {
  searching: 'Поиск…',
  noResults: 'Ничего не найдено',
} as const

export interface SearchAutocompleteContext {
  /** what the search field shows */
  keyword: string
  suggestions: AutocompleteItem[]
  errorMessage: string | null
  /** the suggestion whose product card is open */
  productId: number | null
}

export type SearchAutocompleteEvent =
  | { type: 'search.type'; keyword: string }
  | { type: 'search.submit' }
  | { type: 'search.choose'; productId: number }
  | { type: 'card.close' }

const trimmedLength = (keyword: string) => keyword.trim().length

/**
 * The header's search field (spec §2, §5): from 2 characters on, after a pause in typing,
 * GET /search/?keyword=&simple=1 suggests up to 10 products. Every keystroke leaves `loading`,
 * which stops the running request (its AbortSignal fires), so a stale answer never shows.
 * Choosing a suggestion opens its product card; submitting remembers the keyword (`storeSubmittedKeyword`,
 * a localStorage write the app provides) and sends the dealer to the results (`notifySubmitted`).
 */
export const searchAutocompleteMachine = setup({
  types: {} as { context: SearchAutocompleteContext; events: SearchAutocompleteEvent },
  actors: {
    loadSuggestions: unprovidedPromise<AutocompleteItem[], { keyword: string }>('loadSuggestions'),
  },
  guards: {
    isBlank: ({ event }) => event.type === 'search.type' && trimmedLength(event.keyword) === 0,
    isTooShort: ({ event }) => event.type === 'search.type' && trimmedLength(event.keyword) < SEARCH_MIN_LENGTH,
    canSubmit: ({ context }) => trimmedLength(context.keyword) >= SEARCH_MIN_LENGTH,
    hasSuggestions: (_, params: { suggestions: AutocompleteItem[] }) => params.suggestions.length > 0,
  },
  actions: {
    storeKeyword: assign({ keyword: (_, params: { keyword: string }) => params.keyword }),
    storeSuggestions: assign({
      suggestions: (_, params: { suggestions: AutocompleteItem[] }) => params.suggestions,
      errorMessage: null,
    }),
    storeError: assign({ suggestions: [], errorMessage: (_, params: { error: unknown }) => errorMessageOf(params.error) }),
    resetSuggestions: assign({ suggestions: [], errorMessage: null }),
    storeProduct: assign({ productId: (_, params: { productId: number }) => params.productId }),
    resetProduct: assign({ productId: null }),
    /** provided by the app: the keyword goes to localStorage for /cabinet/action12/ to pick up */
    storeSubmittedKeyword: (_, _params: { keyword: string }) => {},
    /** provided by the app: the dealer goes to /cabinet/action12/ */
    notifySubmitted: () => {},
  },
  delays: { autocompleteDebounceMs: TIMINGS.autocompleteDebounceMs },
}).createMachine({
  id: 'searchAutocomplete',
  description: 'The header search field: suggestions from 2 characters on, Enter goes to the search results.',
  context: { keyword: '', suggestions: [], errorMessage: null, productId: null },
  initial: 'idle',
  on: {
    'search.type': [
      {
        guard: 'isBlank',
        target: '.idle',
        description: 'The field is emptied',
        actions: [{ type: 'storeKeyword', params: ({ event }) => ({ keyword: event.keyword }) }, 'resetSuggestions'],
      },
      {
        guard: 'isTooShort',
        target: '.tooShort',
        description: 'One character: too short to search',
        actions: [{ type: 'storeKeyword', params: ({ event }) => ({ keyword: event.keyword }) }, 'resetSuggestions'],
      },
      {
        target: '.debouncing',
        reenter: true,
        description: 'Two or more characters: the pause starts again with every keystroke',
        actions: [{ type: 'storeKeyword', params: ({ event }) => ({ keyword: event.keyword }) }, 'resetSuggestions'],
      },
    ],
    'search.submit': [
      {
        guard: 'canSubmit',
        target: '.submitted',
        description: 'Enter or "Найти" with 2 or more characters: on to the search results',
        actions: [
          { type: 'storeSubmittedKeyword', params: ({ context }) => ({ keyword: context.keyword.trim() }) },
          'notifySubmitted',
          'resetSuggestions',
        ],
      },
      { target: '.tooShort', description: 'Enter with fewer than 2 characters: the hint, no search' },
    ],
  },
  states: {
    idle: { description: 'An empty field, no list' },
    tooShort: {
      description: '"Введите не менее 2 символов" under the field',
    },
    debouncing: {
      description: 'The dealer is typing; "Поиск…" while the pause runs',
      after: { autocompleteDebounceMs: { target: 'loading', description: 'The dealer paused typing' } },
    },
    loading: {
      description: 'GET /search/ runs; "Поиск…". Leaving this state aborts the request',
      invoke: {
        id: 'loadSuggestions',
        src: 'loadSuggestions',
        input: ({ context }) => ({ keyword: context.keyword.trim() }),
        onDone: [
          {
            guard: { type: 'hasSuggestions', params: ({ event }) => ({ suggestions: event.output }) },
            target: 'suggestions',
            description: 'Products were found',
            actions: { type: 'storeSuggestions', params: ({ event }) => ({ suggestions: event.output }) },
          },
          { target: 'noResults', description: 'Nothing matches the keyword' },
        ],
        onError: {
          target: 'failed',
          description: 'The call failed',
          actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    suggestions: {
      description: 'The list of up to 10 products; arrows move, Enter on one opens its card',
      on: {
        'search.choose': {
          target: 'productOpen',
          description: 'The dealer picks a suggestion',
          actions: { type: 'storeProduct', params: ({ event }) => ({ productId: event.productId }) },
        },
      },
    },
    noResults: { description: '"Ничего не найдено"' },
    failed: { description: 'The server message in the list; typing again retries' },
    submitted: { description: 'The keyword went to the results page; the field keeps it, the list is closed' },
    productOpen: {
      description: 'The chosen product\'s card is open over the page',
      exit: 'resetProduct',
      on: { 'card.close': { target: 'suggestions', description: 'The card is closed: the suggestions stay' } },
    },
  },
})
