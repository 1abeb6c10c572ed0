import { assign, createMachine, setup, type ActorRefFrom } from 'xstate'
import { ADDRESSES_PER_PAGE, type Address, type AddressesResponse, type AddressRemovedResponse } from '../contract/addresses'
import type { addressFormMachine, AddressFormOutput } from './address-form.machine'
import { confirmedCall } from './confirmed-call'
import { codeStates } from './lazy-logic'
import { unprovidedPromise } from './machine-support'
import { pagedList, pageLeftAfterRemoval, type PagedListContext, type PagedListEvent } from './paged-list'
import { navigateTo, notifyShell } from './shell-links'

export const ADDRESSES_MESSAGES = {
  title: 'Адреса доставки',
  loadFailed: 'Не удалось загрузить адреса',
  empty: 'Адресов пока нет',
  emptyHint: 'Добавьте адрес, и он появится в выборе доставки в корзине.',
  add: 'Добавить адрес',
  // spec §2, to the letter
  removeQuestion: 'Удалить адрес?',
  removeFailed: 'Адрес не удалён',
  formLoading: 'Загрузка…',
  formCodeFailed: 'Не удалось открыть форму. Проверьте соединение и откройте её ещё раз.',
} as const

/**
 * The modal's machine is not in the screen's first load: the app provides it (a deferred logic)
 * with the promise that loads its code; a machine not given them (a test of the list alone) runs
 * a form that does nothing.
 */
const unprovidedAddressForm = createMachine({ id: 'addressForm' }) as unknown as typeof addressFormMachine

export interface AddressesInput {
  /** the page from the address (?page=) */
  page: number
}

export interface AddressesContext extends PagedListContext<AddressesResponse> {
  /** the address being removed */
  target: Address | null
  /** the address the modal edits; null while it adds one */
  editing: Address | null
  /** the address just saved, highlighted in the list (spec §4: the save selects it) */
  selectedId: number | null
}

export type AddressesEvent =
  | PagedListEvent
  | { type: 'address.add' }
  | { type: 'address.edit'; address: Address }
  | { type: 'address.remove'; address: Address }
  | { type: 'remove.confirm' }
  | { type: 'remove.cancel' }
  | { type: 'dialog.close' }

/** The page to show after a removal left `count` addresses: the same one, or the last one when it became empty. */
export const pageAfterRemoval = (page: number, count: number) => pageLeftAfterRemoval(page, count, ADDRESSES_PER_PAGE)

const list = pagedList({
  types: {} as { context: AddressesContext; events: AddressesEvent },
  hasItems: 'hasAddresses',
  itemsOf: (result) => result.addresses,
  pagesOf: (result) => result.pagination.pages,
})

/** The modal's end, as its onDone gets it. */
type FormDone = { output: AddressFormOutput }

/** `loadingCode` → `open` (or `codeFailed`, closed by the dealer): the modal's code is not in the screen's first load. */
const { loadingCode, codeFailed } = codeStates({
  loading: { description: `The modal shows "${ADDRESSES_MESSAGES.formLoading}" while its code loads (it is not in the screen's first load)` },
  load: { src: 'loadFormCode' },
  loaded: { target: 'open', description: "The modal's code is there" },
  failed: { description: `"${ADDRESSES_MESSAGES.formCodeFailed}" with «Закрыть» (opening it again tries again)` },
})
const closeFormWithoutCode = {
  target: '#addresses.checking',
  description: 'The dealer closes the modal (✕, Escape, «Закрыть»): the list (or the empty notice) as it was',
  actions: 'resetEditing',
} as const
const formCodeStates = {
  loadingCode: { ...loadingCode, on: { 'dialog.close': closeFormWithoutCode } },
  codeFailed: { ...codeFailed, on: { 'dialog.close': closeFormWithoutCode } },
}

const EMPTY_DESCRIPTION = '"Адресов пока нет" with «Добавить адрес» (or, past the last page, a link to the last page)'

const addressesSetup = setup({
  types: {} as {
    context: AddressesContext
    events: AddressesEvent
    input: AddressesInput
    children: { loadPage: 'loadPage'; removeAddress: 'removeAddress'; loadFormCode: 'loadFormCode'; addressForm: 'addressForm' }
  },
  actors: {
    addressForm: unprovidedAddressForm,
    loadFormCode: unprovidedPromise<void>('loadFormCode'),
    loadPage: unprovidedPromise<AddressesResponse, { page: number }>('loadPage'),
    removeAddress: unprovidedPromise<AddressRemovedResponse, { id: number }>('removeAddress'),
  },
  guards: {
    ...list.guards,
    hasSaved: (_, params: AddressFormOutput) => params.saved !== null,
    /**
     * the saved address is a new row (an added one, or a change of one that orders used): the
     * newest, it shows on page 1
     */
    isNewRowAwayFromFirstPage: ({ context }, params: AddressFormOutput) =>
      params.saved !== null && params.saved.id !== context.editing?.id && context.page !== 1,
    isPageGone: ({ context }, params: { count: number }) => pageAfterRemoval(context.page, params.count) !== context.page,
    /** a modal the dealer was filling in when the tab reloaded is kept (provided by the app: the tab's storage) */
    hasFormToResume: () => false,
  },
  actions: {
    ...list.actions,
    storeTarget: assign({ target: (_, params: { address: Address }) => params.address, errorMessage: null }),
    resetTarget: assign({ target: null, errorMessage: null }),
    storeEditing: assign({ editing: (_, params: { address: Address | null }) => params.address }),
    storeSelected: assign({ selectedId: (_, params: AddressFormOutput) => params.saved?.id ?? null, editing: null }),
    resetEditing: assign({ editing: null }),
    resetSelected: assign({ selectedId: null }),
    storeFirstPage: assign({ page: 1 }),
    storePageAfterRemoval: assign({ page: ({ context }, params: { count: number }) => pageAfterRemoval(context.page, params.count) }),
    /** the address follows the page the machine moved to (provided by the app: router.navigate) */
    notifyAddress: notifyShell((params: { page: number }) => navigateTo('/cabinet/addresses/', { page: params.page }, true)),
  },
})

/**
 * /cabinet/addresses/?page=: the company's delivery addresses (spec §2), newest first, 20 a page.
 * «Добавить адрес» and each row's «Изменить» open the modal (the addressForm child); a save
 * reloads the page and highlights the saved address (a new one is on page 1). «Удалить» asks
 * "Удалить адрес?" with the full address first. The basket's delivery selector offers the same
 * addresses.
 */
export const addressesMachine = addressesSetup.createMachine({
  id: 'addresses',
  description: 'The delivery addresses: 20 per page, the page kept in the address; add, edit (a modal with suggestions) and delete.',
  context: ({ input }) => ({ page: input.page, result: null, errorMessage: null, target: null, editing: null, selectedId: null }),
  initial: 'loading',
  on: { 'page.change': list.pageChange('resetTarget', 'resetEditing', 'resetSelected') },
  states: {
    ...list.states({
      loading: { description: 'GET /api/address/?page=&perpage=20 runs; the list is aria-busy' },
      load: { src: 'loadPage', input: ({ context }) => ({ page: context.page }) },
      empty: { description: EMPTY_DESCRIPTION },
      failed: { description: '"Не удалось загрузить адреса" with the server message and «Повторить»' },
    }),
    // the paged list's empty state, with the way to a first address
    empty: {
      description: EMPTY_DESCRIPTION,
      always: {
        guard: 'hasFormToResume',
        target: 'editing',
        description: 'The modal was open when the tab reloaded: it opens again as it was',
        actions: { type: 'storeEditing', params: { address: null } },
      },
      on: {
        'address.add': {
          target: 'editing',
          description: 'The dealer presses «Добавить адрес»',
          actions: { type: 'storeEditing', params: { address: null } },
        },
      },
    },
    loaded: {
      description: 'The addresses of the page (the full address, the postal index), «Изменить» and «Удалить» on each, and the pagination',
      initial: 'resuming',
      states: {
        resuming: {
          description: 'The page is shown: a modal the dealer was filling in before a reload opens again',
          always: [
            {
              guard: 'hasFormToResume',
              target: '#addresses.editing',
              description: 'The modal was open when the tab reloaded: it opens again as it was',
              actions: { type: 'storeEditing', params: { address: null } },
            },
            { target: 'idle', description: 'Nothing to resume' },
          ],
        },
        idle: {
          description: 'Nothing is running; the address saved last is highlighted',
          on: {
            'address.add': {
              target: '#addresses.editing',
              description: 'The dealer presses «Добавить адрес»',
              actions: { type: 'storeEditing', params: { address: null } },
            },
            'address.edit': {
              target: '#addresses.editing',
              description: 'The dealer presses «Изменить» on an address',
              actions: { type: 'storeEditing', params: ({ event }) => ({ address: event.address }) },
            },
            'address.remove': {
              target: 'confirmingRemove',
              description: 'The dealer presses «Удалить» on an address',
              actions: { type: 'storeTarget', params: ({ event }) => ({ address: event.address }) },
            },
          },
        },
        ...confirmedCall(addressesSetup, {
          ask: {
            state: 'confirmingRemove',
            description: '"Удалить адрес?" with the full address; «Удалить» and «Отмена»',
            confirm: { event: 'remove.confirm', description: 'The dealer confirms' },
            cancel: { event: 'remove.cancel', target: 'idle', description: 'The dealer keeps the address', actions: 'resetTarget' },
          },
          call: {
            state: 'removing',
            description: 'DELETE /api/address/{id}/ runs; the dialog buttons are disabled',
            invoke: {
              id: 'removeAddress',
              src: 'removeAddress',
              input: ({ context }) => ({ id: context.target?.id ?? 0 }),
              onDone: [
                {
                  guard: { type: 'isPageGone', params: ({ event }: { event: { output: AddressRemovedResponse } }) => ({ count: event.output.count }) },
                  target: '#addresses.loading',
                  description: 'The page became empty: one page back, and the address follows',
                  actions: [
                    { type: 'storePageAfterRemoval', params: ({ event }) => ({ count: event.output.count }) },
                    { type: 'notifyAddress', params: ({ context }) => ({ page: context.page }) },
                    'resetTarget',
                    'resetSelected',
                  ],
                },
                {
                  target: '#addresses.loading',
                  description: 'The address is gone (orders placed to it keep it): the page loads again',
                  actions: ['resetTarget', 'resetSelected'],
                },
              ],
              onError: { target: 'removeFailed', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
            },
          },
          failed: {
            state: 'removeFailed',
            description: '"Адрес не удалён" with the server message (e.g. "Адрес не найден") and «Закрыть»',
            dismiss: { event: 'dialog.close', target: 'idle', description: 'The dealer closes the message', actions: 'resetTarget' },
          },
        }),
      },
    },
    editing: {
      description: 'The modal «Адрес доставки» over the list: its code loads when first opened, then the form runs (machine addressForm)',
      initial: 'loadingCode',
      states: {
        ...formCodeStates,
        open: {
          description: 'The modal «Адрес доставки» is open over the list (machine addressForm)',
          invoke: {
            id: 'addressForm',
            src: 'addressForm',
            input: ({ context }) => ({ address: context.editing }),
            onDone: [
              {
                guard: { type: 'isNewRowAwayFromFirstPage', params: ({ event }: { event: FormDone }) => event.output },
                target: '#addresses.loading',
                description:
                  'The save made a new address (an added one, or a change of one orders used): page 1, where it is the newest, loads with it highlighted (the address follows)',
                actions: [{ type: 'storeSelected', params: ({ event }) => event.output }, 'storeFirstPage', { type: 'notifyAddress', params: { page: 1 } }],
              },
              {
                guard: { type: 'hasSaved', params: ({ event }: { event: FormDone }) => event.output },
                target: '#addresses.loading',
                description: 'The address was saved: the page loads again with it highlighted',
                actions: { type: 'storeSelected', params: ({ event }) => event.output },
              },
              { target: '#addresses.checking', description: 'The dealer cancelled: the list (or the empty notice) as it was', actions: 'resetEditing' },
            ],
          },
        },
      },
    },
  },
})

export type AddressesActor = ActorRefFrom<typeof addressesMachine>
