import { assign, fromCallback, sendTo, setup, type ActorRefFrom } from 'xstate'
import { addressProblems, type Address, type AddressSaveRequest } from '../contract/addresses'
import type { Suggestion } from '../contract/suggestions'
import type { SuggestQueryEvent, SuggestStreamOptions, SuggestionsFoundEvent } from '../services/suggestions'
import { errorMessageOf, unprovidedPromise } from './machine-support'
import { NO_HIGHLIGHT, stepHighlight, suggestionList } from './suggestion-list'
import { TIMINGS } from './timings'

export const ADDRESS_FORM_MESSAGES = {
  title: 'Адрес доставки',
  saved: 'Данные сохранены',
  saveFailed: 'Адрес не сохранён',
} as const

export interface AddressFormInput {
  /** the address being edited; null for a new one */
  address: Address | null
}

export interface AddressFormContext {
  /** the address's id; null while it is new */
  id: number | null
  fullAddress: string
  postindex: string
  suggestions: Suggestion[]
  /** the suggestion the arrows moved to, or NO_HIGHLIGHT */
  highlighted: number
  /** the address as the server saved it */
  saved: Address | null
  errorMessage: string | null
}

export type AddressFormEvent =
  | { type: 'address.type'; text: string }
  | { type: 'postindex.type'; text: string }
  | SuggestionsFoundEvent
  | { type: 'list.move'; step: 1 | -1 }
  /** Enter on the highlighted suggestion */
  | { type: 'list.pick' }
  /** a click on a suggestion */
  | { type: 'suggestion.choose'; index: number }
  /** Escape, or the field loses focus */
  | { type: 'list.close' }
  | { type: 'form.submit' }
  | { type: 'form.cancel' }

/** What the list screen learns when the modal closes: the address saved, or null when the dealer cancelled. */
export interface AddressFormOutput {
  saved: Address | null
}

const isValid = (context: AddressFormContext) => {
  const problems = addressProblems(context.fullAddress, context.postindex)
  return problems.fullAddress === null && problems.postindex === null
}

const saveRequestOf = (context: AddressFormContext): AddressSaveRequest => ({ full_address: context.fullAddress.trim(), postindex: context.postindex.trim() })

const chosen = (context: AddressFormContext, index: number) => context.suggestions[index]

/**
 * The add/edit modal «Адрес доставки» (spec's /tpl/address_form.html): the full address with
 * suggestions and the postal index. Typing the address goes to the suggestion stream (the
 * `suggest` child: a pause, 3 characters, the request in flight dropped by the next keystroke);
 * choosing a suggestion fills the address and its postal index. «Сохранить» checks the fields,
 * then POST /api/address/ (new) or PUT /api/address/{id}/; "Данные сохранены" shows 1.5 s and the
 * modal closes with the saved address as its output.
 */
const addressFormSetup = setup({
  types: {} as {
    context: AddressFormContext
    events: AddressFormEvent
    input: AddressFormInput
    output: AddressFormOutput
    children: { suggest: 'suggest'; saveAddress: 'saveAddress' }
  },
  actors: {
    /** the suggestion stream (src/services/suggestions.ts), provided by the app */
    suggest: fromCallback<SuggestQueryEvent, SuggestStreamOptions>(() => undefined),
    saveAddress: unprovidedPromise<Address, { id: number | null; address: AddressSaveRequest }>('saveAddress'),
  },
  delays: { savedMessage: TIMINGS.savedMessageMs },
  guards: {
    isFormValid: ({ context }) => isValid(context),
    hasSuggestions: (_, params: { suggestions: Suggestion[] }) => params.suggestions.length > 0,
    isOptionHighlighted: ({ context }) => chosen(context, context.highlighted) !== undefined,
  },
  actions: {
    storeAddress: assign({ fullAddress: (_, params: { text: string }) => params.text, highlighted: NO_HIGHLIGHT }),
    storePostindex: assign({ postindex: (_, params: { text: string }) => params.text }),
    /** the text goes to the suggestion stream */
    forwardQuery: sendTo('suggest', (_, params: { text: string }): SuggestQueryEvent => ({ type: 'suggest.query', text: params.text })),
    storeSuggestions: assign({ suggestions: (_, params: { suggestions: Suggestion[] }) => params.suggestions, highlighted: NO_HIGHLIGHT }),
    resetSuggestions: assign({ suggestions: [], highlighted: NO_HIGHLIGHT }),
    storeHighlightStep: assign({
      highlighted: ({ context }, params: { step: 1 | -1 }) => stepHighlight(context.suggestions.length, context.highlighted, params.step),
    }),
    /** the suggestion fills the address and, when it has one, the postal index */
    applySuggestion: assign(({ context }, params: { index: number }) => {
      const suggestion = chosen(context, params.index)
      if (!suggestion) return {}
      return { fullAddress: suggestion.value, postindex: suggestion.postindex ?? context.postindex, suggestions: [], highlighted: NO_HIGHLIGHT }
    }),
    /** a chosen text needs no suggestions: a pending request is dropped */
    stopSuggesting: sendTo('suggest', (): SuggestQueryEvent => ({ type: 'suggest.query', text: '' })),
    storeSaved: assign({ saved: (_, params: { address: Address }) => params.address, errorMessage: null }),
    storeError: assign({ errorMessage: (_, params: { error: unknown }) => errorMessageOf(params.error) }),
    resetError: assign({ errorMessage: null }),
  },
})

export const addressFormMachine = addressFormSetup.createMachine({
  id: 'addressForm',
  description: 'The modal «Адрес доставки»: the address with suggestions, the postal index, «Сохранить» and «Отмена».',
  context: ({ input }) => ({
    id: input.address?.id ?? null,
    fullAddress: input.address?.full_address ?? '',
    postindex: input.address?.postindex ?? '',
    suggestions: [],
    highlighted: NO_HIGHLIGHT,
    saved: null,
    errorMessage: null,
  }),
  output: ({ context }) => ({ saved: context.saved }),
  initial: 'editing',
  states: {
    editing: {
      description: 'The modal is open; focus stays inside it',
      type: 'parallel',
      invoke: {
        id: 'suggest',
        src: 'suggest',
        // the spec names no pause; the header search's 300 ms
        input: { debounceMs: TIMINGS.autocompleteDebounceMs },
      },
      on: {
        'address.type': {
          description: 'The dealer types the address: it goes to the suggestion stream, nothing stays highlighted',
          actions: [
            { type: 'storeAddress', params: ({ event }) => ({ text: event.text }) },
            { type: 'forwardQuery', params: ({ event }) => ({ text: event.text }) },
          ],
        },
        'postindex.type': {
          description: 'The dealer types the postal index',
          actions: { type: 'storePostindex', params: ({ event }) => ({ text: event.text }) },
        },
        'form.submit': [
          { guard: 'isFormValid', target: 'saving', description: 'The dealer presses «Сохранить» with the fields right', actions: 'resetError' },
          {
            target: '.form.invalid',
            description: 'A field is wrong (the address empty, the index not 6 digits): the messages show under the fields, no call',
            actions: 'resetError',
          },
        ],
        'form.cancel': { target: 'cancelled', description: 'The dealer presses «Отмена» or Escape: nothing is saved' },
      },
      states: {
        form: {
          description: 'What shows under the fields',
          initial: 'idle',
          states: {
            idle: { description: 'No message' },
            invalid: { description: "Each wrong field's message under it (aria-invalid), as long as it stays wrong" },
            failed: { description: '"Адрес не сохранён" with the server message; the fields are kept and «Сохранить» tries again' },
          },
        },
        list: suggestionList(addressFormSetup, {
          description: 'The suggestion listbox under the address field',
          fills: 'it fills the address and the postal index',
          chosen: 'closed',
        }),
      },
    },
    saving: {
      description: 'POST /api/address/ (new) or PUT /api/address/{id}/ runs; the buttons are disabled',
      invoke: {
        id: 'saveAddress',
        src: 'saveAddress',
        input: ({ context }) => ({ id: context.id, address: saveRequestOf(context) }),
        onDone: { target: 'saved', actions: { type: 'storeSaved', params: ({ event }) => ({ address: event.output }) } },
        onError: { target: '#addressForm.editing.form.failed', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    saved: {
      description: '"Данные сохранены" for 1.5 s (spec §4)',
      after: { savedMessage: { target: 'done', description: 'The message has shown 1.5 s: the modal closes' } },
    },
    done: { type: 'final', description: 'Closed with the saved address' },
    cancelled: { type: 'final', description: 'Closed without a change' },
  },
})

export type AddressFormActor = ActorRefFrom<typeof addressFormMachine>
