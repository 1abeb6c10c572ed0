import { assign, fromCallback, sendTo, setup, type ActorRefFrom } from 'xstate'
import { COMPLAINT_MAX_ENTRIES, isComplaintQuantity, type Complaint, type ComplaintRequest, type ComplaintResponse } from '../contract/complaints'
import { SEARCH_MIN_LENGTH, type AutocompleteItem } from '../contract/search'
import type { KeptEntry, ShownProduct } from '../services/complaints'
import type { SuggestQueryEvent, SuggestStreamOptions, SuggestionsFoundEvent } from '../services/suggestions'
import { errorMessageOf, unprovidedPromise } from './machine-support'
import { NO_HIGHLIGHT, stepHighlight, suggestionList } from './suggestion-list'
import { TIMINGS } from './timings'

/** One row of the complaint table: the product chosen and its quantity as typed. */
export interface ComplaintRow {
  product: ShownProduct
  quantity: string
}

export interface ComplaintContext {
  rows: ComplaintRow[]
  /** the product field's text */
  search: string
  suggestions: AutocompleteItem[]
  /** the suggestion the arrows moved to, or NO_HIGHLIGHT */
  highlighted: number
  comment: string
  errorMessage: string | null
  /** the complaint the server stored */
  sent: Complaint | null
}

export type ComplaintEvent =
  | { type: 'product.type'; text: string }
  | SuggestionsFoundEvent<AutocompleteItem>
  | { type: 'list.move'; step: 1 | -1 }
  | { type: 'list.pick' }
  | { type: 'suggestion.choose'; index: number }
  | { type: 'list.close' }
  | { type: 'entry.quantity'; productId: number; text: string }
  | { type: 'entry.remove'; productId: number }
  | { type: 'comment.change'; text: string }
  | { type: 'complaint.send' }
  | { type: 'complaint.new' }

/** What the cookie keeps of the rows (spec §3: product id with quantity). */
const keptEntriesFrom = (rows: readonly ComplaintRow[]): KeptEntry[] => rows.map((row) => ({ productId: row.product.id, quantity: row.quantity }))

/** The call's body: the rows as they are (only sent when every quantity is right). */
export const complaintRequestOf = (context: ComplaintContext): ComplaintRequest => ({
  entries: context.rows.map((row) => ({ product_id: row.product.id, quantity: row.quantity })),
  comment: context.comment,
})

/** The rows with the chosen product added at the end, quantity 1; a product already there is not added twice. */
function rowsWithChoice(context: ComplaintContext, index: number): ComplaintRow[] {
  const chosen = context.suggestions[index]
  if (!chosen || context.rows.some((row) => row.product.id === chosen.id) || context.rows.length >= COMPLAINT_MAX_ENTRIES) return context.rows
  return [...context.rows, { product: { id: chosen.id, header: chosen.header, articul: chosen.articul }, quantity: '1' }]
}

const complaintSetup = setup({
  types: {} as {
    context: ComplaintContext
    events: ComplaintEvent
    children: { suggest: 'suggest'; restoreEntries: 'restoreEntries'; sendComplaint: 'sendComplaint' }
  },
  actors: {
    /** the rows the cookie kept, with their products' names (GET /api/product/{id}/) */
    restoreEntries: unprovidedPromise<ComplaintRow[]>('restoreEntries'),
    /** the product suggestion stream (src/services/suggestions.ts over GET /search/), provided by the app */
    suggest: fromCallback<SuggestQueryEvent, SuggestStreamOptions>(() => undefined),
    sendComplaint: unprovidedPromise<ComplaintResponse, ComplaintRequest>('sendComplaint'),
  },
  guards: {
    hasSuggestions: (_, params: { suggestions: AutocompleteItem[] }) => params.suggestions.length > 0,
    isOptionHighlighted: ({ context }) => context.suggestions[context.highlighted] !== undefined,
    hasNoRows: ({ context }) => context.rows.length === 0,
    hasWrongQuantity: ({ context }) => context.rows.some((row) => !isComplaintQuantity(row.quantity)),
  },
  actions: {
    storeRows: assign({ rows: (_, params: { rows: ComplaintRow[] }) => params.rows }),
    storeSearch: assign({ search: (_, params: { text: string }) => params.text, highlighted: NO_HIGHLIGHT }),
    forwardQuery: sendTo('suggest', (_, params: { text: string }): SuggestQueryEvent => ({ type: 'suggest.query', text: params.text })),
    storeSuggestions: assign({ suggestions: (_, params: { suggestions: AutocompleteItem[] }) => params.suggestions, highlighted: NO_HIGHLIGHT }),
    resetSuggestions: assign({ suggestions: [], highlighted: NO_HIGHLIGHT }),
    storeHighlightStep: assign({
      highlighted: ({ context }, params: { step: 1 | -1 }) => stepHighlight(context.suggestions.length, context.highlighted, params.step),
    }),
    /** the chosen product becomes a row (quantity 1) and the field empties for the next one */
    applySuggestion: assign(({ context }, params: { index: number }) => ({
      rows: rowsWithChoice(context, params.index),
      search: '',
      suggestions: [],
      highlighted: NO_HIGHLIGHT,
    })),
    stopSuggesting: sendTo('suggest', (): SuggestQueryEvent => ({ type: 'suggest.query', text: '' })),
    storeQuantity: assign({
      rows: ({ context }, params: { productId: number; text: string }) =>
        context.rows.map((row) => (row.product.id === params.productId ? { ...row, quantity: params.text } : row)),
    }),
    removeRow: assign({ rows: ({ context }, params: { productId: number }) => context.rows.filter((row) => row.product.id !== params.productId) }),
    storeComment: assign({ comment: (_, params: { text: string }) => params.text }),
    /** the rows go to the cookie (spec §3), provided by the app; no rows remove it */
    keepEntries: (_, _params: { entries: KeptEntry[] }) => {},
    storeSent: assign({ sent: (_, params: { complaint: Complaint }) => params.complaint, rows: [], comment: '', search: '', errorMessage: null }),
    storeError: assign({ errorMessage: (_, params: { error: unknown }) => errorMessageOf(params.error) }),
    resetSent: assign({ sent: null }),
  },
})

const keptParams = ({ context }: { context: ComplaintContext }) => ({ entries: keptEntriesFrom(context.rows) })

/**
 * /cabinet/complaints/ (spec §2 Complaints table, §3 Complaint entry, §5): the complaint's table.
 * A product is found by autocomplete from the 2nd character and becomes a row; each row's
 * quantity must be a positive integer without a leading zero (red otherwise, and the complaint is
 * not sent). The rows wait in a cookie until sent, so a reload keeps them.
 */
export const complaintMachine = complaintSetup.createMachine({
  id: 'complaint',
  description: 'The complaint table: products by autocomplete from 2 characters, quantities checked, kept in a cookie, sent with a comment.',
  context: { rows: [], search: '', suggestions: [], highlighted: NO_HIGHLIGHT, comment: '', errorMessage: null, sent: null },
  initial: 'restoring',
  states: {
    restoring: {
      description: 'The rows the cookie kept load their products\' names: "Загрузка рекламации…"',
      invoke: {
        id: 'restoreEntries',
        src: 'restoreEntries',
        onDone: {
          target: 'editing',
          description: 'The kept rows show (a product gone from the catalogue is dropped)',
          actions: [
            { type: 'storeRows', params: ({ event }) => ({ rows: event.output }) },
            { type: 'keepEntries', params: keptParams },
          ],
        },
        onError: { target: 'editing', description: 'The names did not load: the table starts empty' },
      },
    },
    editing: {
      description: 'The table, the product field, the comment and «Отправить рекламацию»',
      type: 'parallel',
      invoke: {
        id: 'suggest',
        src: 'suggest',
        // spec §5: autocomplete from 2 characters; the header search's pause
        input: { debounceMs: TIMINGS.autocompleteDebounceMs, minLength: SEARCH_MIN_LENGTH },
      },
      on: {
        'product.type': {
          description: 'The dealer types a product name or articul: it goes to the suggestion stream (a pause, 2 characters, the request in flight dropped)',
          actions: [
            { type: 'storeSearch', params: ({ event }) => ({ text: event.text }) },
            { type: 'forwardQuery', params: ({ event }) => ({ text: event.text }) },
          ],
        },
        'entry.quantity': {
          target: '.form.idle',
          description: 'The dealer types a quantity: kept in the cookie; a wrong one shows red under it',
          actions: [
            { type: 'storeQuantity', params: ({ event }) => ({ productId: event.productId, text: event.text }) },
            { type: 'keepEntries', params: keptParams },
          ],
        },
        'entry.remove': {
          target: '.form.idle',
          description: 'The dealer removes a row: the cookie follows',
          actions: [
            { type: 'removeRow', params: ({ event }) => ({ productId: event.productId }) },
            { type: 'keepEntries', params: keptParams },
          ],
        },
        'comment.change': { description: 'The dealer types the comment', actions: { type: 'storeComment', params: ({ event }) => ({ text: event.text }) } },
        'complaint.send': [
          { guard: 'hasNoRows', target: '.form.noRows', description: '«Отправить рекламацию» with no product: the message says to add one, no call' },
          { guard: 'hasWrongQuantity', target: '.form.wrongQuantity', description: 'A quantity is wrong: it stays red, the message says so, no call' },
          { target: 'sending', description: '«Отправить рекламацию» with every quantity right' },
        ],
      },
      states: {
        form: {
          description: 'What shows under the table',
          initial: 'idle',
          states: {
            idle: { description: 'No message' },
            noRows: { description: '"Добавьте в рекламацию хотя бы один товар"' },
            wrongQuantity: { description: '"Исправьте количество, отмеченное красным"' },
            failed: {
              description: '"Рекламация не отправлена" with the server\'s message and «Повторить»; the table and the comment are kept',
            },
          },
        },
        list: suggestionList(complaintSetup, {
          description: 'The product suggestions under the product field',
          fills: 'the product becomes a row with quantity 1, kept in the cookie',
          chosen: 'closed',
          also: [{ type: 'keepEntries', params: keptParams }],
        }),
      },
    },
    sending: {
      description: 'POST /api/complaints/ {entries, comment}: "Рекламация отправляется…", the button disabled',
      invoke: {
        id: 'sendComplaint',
        src: 'sendComplaint',
        input: ({ context }) => complaintRequestOf(context),
        onDone: {
          target: 'sent',
          description: 'Stored: the table empties and the cookie is removed',
          actions: [
            { type: 'storeSent', params: ({ event }) => ({ complaint: event.output.complaint }) },
            { type: 'keepEntries', params: keptParams },
          ],
        },
        onError: {
          target: '#complaint.editing.form.failed',
          description: 'Refused or no connection: the message shows, nothing typed is lost',
          actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    sent: {
      description: '"Рекламация отправлена" with its number, a link to the list and «Новая рекламация»',
      on: { 'complaint.new': { target: 'editing', description: 'The dealer starts another complaint', actions: 'resetSent' } },
    },
  },
})

export type ComplaintActor = ActorRefFrom<typeof complaintMachine>
