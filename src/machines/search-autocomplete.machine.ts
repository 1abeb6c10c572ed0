import { assign, raise, setup, stateIn, type ActorRefFrom } from 'xstate'
import { CATALOGUE_DEFAULTS } from '../contract/catalogue'
import type { ProductRequest } from '../contract/product'
import { SEARCH_MIN_LENGTH, type AutocompleteItem } from '../contract/search'
import { NO_HIGHLIGHT, stepHighlight } from './suggestion-list'
import { errorMessageOf, unprovidedPromise } from './machine-support'
import { cardCodeStates, unprovidedCardCode, unprovidedProductCard } from './card-code'
import { TIMINGS } from './timings'
import { navigateTo, notifyShell } from './shell-links'

export const SEARCH_AUTOCOMPLETE_MESSAGES = {
  searching: 'Поиск…',
  noResults: 'Ничего не найдено',
} as const

export interface SearchAutocompleteContext {
  /** what the search field shows */
  keyword: string
  suggestions: AutocompleteItem[]
  errorMessage: string | null
  /** the index in `suggestions` the arrows moved to (the field's aria-activedescendant), or NO_HIGHLIGHT */
  highlighted: number
  /** the suggestion whose product card is open */
  productId: number | null
  /** the contract and warehouse the open card shows price and stock for */
  offer: ProductOffer
}

/** Under which contract, and from which warehouse, a product card offers the product. */
export type ProductOffer = Pick<ProductRequest, 'contract' | 'warehouse'>

export type SearchAutocompleteEvent =
  | { type: 'search.type'; keyword: string }
  | { type: 'search.submit' }
  /** `offer`: the dealer's selected contract and chosen warehouse, which the card opens at */
  | { type: 'search.choose'; productId: number; offer: ProductOffer }
  | { type: 'list.move'; step: 1 | -1 }
  | { type: 'list.pick'; offer: ProductOffer }
  | { type: 'list.close' }
  | { type: 'field.focus' }
  | { type: 'field.blur' }
  | { type: 'card.close' }

const trimmedLength = (keyword: string) => keyword.trim().length

/**
 * The header's search field (spec §2, §5), an ARIA 1.2 combobox, in three parallel regions.
 * `search`: from 2 characters on, after a pause in typing, GET /search/?keyword=&simple=1 suggests
 * up to 10 products. Every keystroke leaves `loading`, which stops the running request (its
 * AbortSignal fires), so a stale answer never shows. Choosing a suggestion opens its product card
 * at the dealer's chosen warehouse and selected contract, which the choosing event carries (the
 * card's machine runs while `productOpen` lasts); submitting remembers the keyword
 * (`storeSubmittedKeyword`, a localStorage write the app provides) and sends the dealer to the
 * results (`notifySubmitted`). `list`: whether the dealer dismissed the list (Escape, submitting).
 * `field`: whether the field has focus. The list shows while the field has focus, the list is not
 * dismissed and the search has something to say (search-autocomplete.selectors.ts).
 */
export const searchAutocompleteMachine = setup({
  types: {} as {
    context: SearchAutocompleteContext
    events: SearchAutocompleteEvent
    children: { loadSuggestions: 'loadSuggestions'; productCard: 'productCard'; loadCardCode: 'loadCardCode' }
  },
  actors: {
    loadSuggestions: unprovidedPromise<AutocompleteItem[], { keyword: string }>('loadSuggestions'),
    productCard: unprovidedProductCard,
    loadCardCode: unprovidedCardCode,
  },
  guards: {
    isBlank: ({ event }) => event.type === 'search.type' && trimmedLength(event.keyword) === 0,
    isTooShort: ({ event }) => event.type === 'search.type' && trimmedLength(event.keyword) < SEARCH_MIN_LENGTH,
    canSubmit: ({ context }) => trimmedLength(context.keyword) >= SEARCH_MIN_LENGTH,
    hasSuggestions: (_, params: { suggestions: AutocompleteItem[] }) => params.suggestions.length > 0,
    // the options show only in `suggestions` (its list is never empty)
    hasOptions: stateIn({ search: 'suggestions' }),
    isOptionHighlighted: ({ context }) => context.suggestions[context.highlighted] !== undefined,
  },
  actions: {
    storeKeyword: assign({ keyword: (_, params: { keyword: string }) => params.keyword }),
    storeSuggestions: assign({
      suggestions: (_, params: { suggestions: AutocompleteItem[] }) => params.suggestions,
      errorMessage: null,
    }),
    storeError: assign({ suggestions: [], errorMessage: (_, params: { error: unknown }) => errorMessageOf(params.error) }),
    resetSuggestions: assign({ suggestions: [], errorMessage: null }),
    storeHighlightStep: assign({
      highlighted: ({ context }, params: { step: 1 | -1 }) => stepHighlight(context.suggestions.length, context.highlighted, params.step),
    }),
    resetHighlight: assign({ highlighted: NO_HIGHLIGHT }),
    storeProduct: assign({
      productId: (_, params: { productId: number; offer: ProductOffer }) => params.productId,
      offer: (_, params: { productId: number; offer: ProductOffer }) => params.offer,
    }),
    resetProduct: assign({ productId: null }),
    /** provided by the app: the keyword goes to localStorage for /cabinet/action12/ to pick up */
    storeSubmittedKeyword: (_, _params: { keyword: string }) => {},
    /** provided by the app: the dealer goes to /cabinet/action12/ */
    notifySubmitted: notifyShell(() => navigateTo('/cabinet/action12/')),
  },
  delays: { autocompleteDebounceMs: TIMINGS.autocompleteDebounceMs },
}).createMachine({
  id: 'searchAutocomplete',
  description: 'The header search field: suggestions from 2 characters on, Enter goes to the search results.',
  context: {
    keyword: '',
    suggestions: [],
    errorMessage: null,
    highlighted: NO_HIGHLIGHT,
    productId: null,
    offer: { contract: CATALOGUE_DEFAULTS.contract, warehouse: CATALOGUE_DEFAULTS.warehouse },
  },
  type: 'parallel',
  states: {
    search: {
      description: 'What the search says: the hint, "Поиск…", the suggestions, the card of one of them',
      initial: 'idle',
      on: {
        // a transition of the region itself (no `reenter`: that would reset the other regions too)
        // still leaves and enters the current state, so each keystroke restarts the pause and
        // aborts a running request
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
        'list.pick': {
          actions: raise({ type: 'search.submit' }),
          description: 'Enter with no option highlighted: the same as "Найти"',
        },
      },
      states: {
        idle: { description: 'An empty field, no list' },
        tooShort: {
          description: '"Введите не менее 2 символов" in the list, or under the field when the list is closed',
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
            'list.move': {
              description: 'ArrowDown / ArrowUp: the next or previous option, round at either end',
              actions: { type: 'storeHighlightStep', params: ({ event }) => ({ step: event.step }) },
            },
            'list.pick': {
              guard: 'isOptionHighlighted',
              target: 'loadingCode',
              description: 'Enter on the highlighted option opens its card at the chosen warehouse and the selected contract',
              actions: {
                type: 'storeProduct',
                params: ({ context, event }) => ({ productId: context.suggestions[context.highlighted]!.id, offer: event.offer }),
              },
            },
            'search.choose': {
              target: 'loadingCode',
              description: 'The dealer clicks a suggestion: its card opens at the chosen warehouse and the selected contract',
              actions: { type: 'storeProduct', params: ({ event }) => ({ productId: event.productId, offer: event.offer }) },
            },
          },
        },
        noResults: { description: '"Ничего не найдено"' },
        failed: { description: 'The server message in the list; typing again retries' },
        submitted: { description: 'The keyword went to the results page; the field keeps it, the list is closed' },
        ...cardCodeStates(
          { target: 'suggestions', description: 'The card is closed: the suggestions stay', actions: 'resetProduct' } as const,
          'productOpen',
        ),
        productOpen: {
          description: "The chosen product's card is open over the page; the card's machine runs while it is",
          invoke: {
            id: 'productCard',
            src: 'productCard',
            input: ({ context }) => ({ productId: context.productId!, ...context.offer }),
          },
          exit: 'resetProduct',
          on: { 'card.close': { target: 'suggestions', description: 'The card is closed: the suggestions stay' } },
        },
      },
    },
    list: {
      description: 'Whether the dealer dismissed the suggestion list',
      initial: 'open',
      on: {
        'search.type': {
          target: '.open',
          description: 'Typing shows the list again, nothing highlighted',
          actions: 'resetHighlight',
        },
      },
      states: {
        open: {
          description: 'Not dismissed: the list shows while the field has focus and the search has something to show',
          on: {
            'list.close': { target: 'closed', description: 'Escape: the list closes, the keyword stays' },
            'search.submit': { target: 'closed', description: 'Submitting closes the list' },
          },
        },
        closed: {
          description: 'Dismissed: no list, nothing highlighted; a one-character keyword shows its hint under the field',
          entry: 'resetHighlight',
          on: {
            'list.move': {
              guard: 'hasOptions',
              target: 'open',
              description: 'An arrow key over suggestions opens the list again',
            },
          },
        },
      },
    },
    field: {
      description: 'Whether the search field has focus (the list shows only then)',
      initial: 'blurred',
      states: {
        blurred: {
          description: 'The focus is elsewhere',
          on: { 'field.focus': { target: 'focused', description: 'The field gets focus' } },
        },
        focused: {
          description: 'The dealer is in the field',
          on: { 'field.blur': { target: 'blurred', description: 'The field loses focus' } },
        },
      },
    },
  },
})

/** The running header search, as the shell runs it (child 'headerSearch'). */
export type SearchAutocompleteActor = ActorRefFrom<typeof searchAutocompleteMachine>
