import { assign, createMachine, enqueueActions, raise, sendTo, setup, type ActorRefFrom, type AnyActorRef } from 'xstate'
import type { Account, BasketSummary, InitData, Warehouse } from '../contract/account'
import type { InboxResponse } from '../contract/inbox'
import { CATALOGUE_DEFAULTS } from '../contract/catalogue'
import { BASKET_KEY } from '../contract/menu'
import type { basketMachine } from './basket.machine'
import type { callbackMachine } from './callback.machine'
import type { searchAutocompleteMachine } from './search-autocomplete.machine'
import type { InboxInput, inboxMachine } from './inbox.machine'
import { errorMessageOf, unprovidedPromise } from './machine-support'
import { basketAddersMachine } from './basket-adders.machine'
import { lazyLogicStates } from './lazy-logic'
import { productCardHostMachine } from './product-card-host.machine'
import { screenHostMachine } from './screen-host.machine'
import type { Navigation, ShellLinkEvent } from './shell-links'
import type { Address, ScreenFrame } from './screens'
import { isSectionClosed } from './menu'

export const SHELL_MESSAGES = {
  loadFailed: 'Не удалось загрузить данные кабинета',
  retry: 'Повторить',
} as const

export interface ShellContext {
  /** GET /api/initdata/; null until loaded */
  initData: InitData | null
  /** the contract being switched to */
  pendingContract: string | null
  /** the server's message of the last failure (loading or switching) */
  errorMessage: string | null
  /** the warehouse the dealer works from: every list shows its stock and adds from it */
  selectedWarehouse: number
  /** the address the router delivered last, for the screen host */
  address: Address | null
  /** GET /api/inbox/ as the frame loaded (null: not had): the top news banner paints with the frame, before the inbox child runs */
  firstInbox: InboxResponse | null
}

export interface ShellInput {
  /** where the dealer is when the cabinet starts */
  address?: Address | null
}

export type ShellEvent =
  | { type: 'shell.retry' }
  | { type: 'shell.dismiss' }
  | { type: 'contract.select'; id: string }
  | ShellLinkEvent
  /** the basket child's figures after it loaded or changed */
  | { type: 'basket.summary'; basket: BasketSummary }
  /** raised by the shell itself when the server switched the contract, for the basket child */
  | { type: 'basket.contract'; contract: string }
  /** the router: the dealer went to an address; the screen host runs its screen */
  | { type: 'address.changed'; address: Address }
  /** the profile saved the signed-in account's name and phone: the header shows them */
  | { type: 'account.changed'; account: Account }
  /** «Заказать звонок» under the menu, and the dialog's ✕, Escape or «Закрыть» */
  | { type: 'callback.open' }
  | { type: 'callback.close' }

/** What loadInitData answers: GET /api/initdata/ and the warehouse this browser remembers. */
export interface ShellLoadOutput {
  initData: InitData
  /** the dealer's last choice as stored, or null; it may no longer be one of the warehouses */
  storedWarehouse: number | null
  /** GET /api/inbox/ beside it; null or absent when it failed */
  inbox?: InboxResponse | null
}

/**
 * The warehouse the cabinet starts with: the stored choice while it is still listed, else the
 * default warehouse (spec §9: 1) when listed, else the first listed.
 */
export function pickWarehouse(warehouses: readonly Warehouse[], stored: number | null): number {
  const listed = (id: number | null) => id !== null && warehouses.some((warehouse) => warehouse.id === id)
  if (listed(stored)) return stored!
  if (listed(CATALOGUE_DEFAULTS.warehouse)) return CATALOGUE_DEFAULTS.warehouse
  return warehouses[0]?.id ?? CATALOGUE_DEFAULTS.warehouse
}

export interface SetContractOutput {
  selectedContract: string
  basket: BasketSummary
}

/** Issue 21, item 12: the account's disabledMenus close the basket («Корзина», key 'cart'). */
export const isBasketClosedFor = (initData: InitData | null): boolean => isSectionClosed(BASKET_KEY, initData?.account.disabledMenus ?? [])

const BASKET_PAGE_PATH = '/cart/'
const isBasketPage = (address: Address | null) => address?.path === BASKET_PAGE_PATH

/** What the screen host starts screens from; null until the init data is there. */
const frameOf = (context: ShellContext): ScreenFrame | null =>
  context.initData && {
    contract: context.initData.selectedContract,
    warehouse: context.selectedWarehouse,
    accountId: context.initData.account.id,
    basketClosed: isBasketClosedFor(context.initData),
  }

// The basket machine's code is not imported here but provided by the app, which loads it apart
// from the first load. A shell that is not given one (a test of the shell alone) runs this child
// that does nothing.
const unprovidedBasket = createMachine({ id: 'basket' }) as unknown as typeof basketMachine
// the same for the header search
const unprovidedHeaderSearch = createMachine({ id: 'searchAutocomplete' }) as unknown as typeof searchAutocompleteMachine
// and for the callback dialog, whose code loads when the dealer first asks for a call
const unprovidedCallback = createMachine({ id: 'callback' }) as unknown as typeof callbackMachine
// the same for the inbox (the sidebar's unread counts, the top news): one do-nothing machine serves both
const unprovidedInbox = unprovidedHeaderSearch as unknown as typeof inboxMachine

// the basket and the header search load their code after the first paint; a contract switch tries again
const RETRY_ON_CONTRACT_SWITCH = { event: 'basket.contract', description: 'The contract was switched' } as const

const basketStates = lazyLogicStates({
  loading: { description: 'The basket machine\'s code loads (it is not in the first load); the basket page shows "Загрузка корзины…"' },
  load: { src: 'loadBasketCode' },
  failed: { description: 'No basket: the header keeps its figures; a contract switch tries to load the code again' },
  retry: RETRY_ON_CONTRACT_SWITCH,
  run: {
    name: 'basket',
    description: 'The basket runs as the child "basket" (systemId "basket"), for the contract selected when it started',
    input: ({ context }: { context: ShellContext }) => ({
      contract: context.initData?.selectedContract ?? '0',
      isPageShown: isBasketPage(context.address),
    }),
  },
})

// the header search and the inbox load their code together after the first paint (loadHeaderSearchCode)
const searchStates = lazyLogicStates({
  loading: { description: "The header search's and the inbox's code load (they are not in the first load)" },
  load: { src: 'loadHeaderSearchCode' },
  failed: { description: 'No search and no unread counts: the stand-in stays; a contract switch tries to load the code again' },
  retry: RETRY_ON_CONTRACT_SWITCH,
  run: { name: 'headerSearch', description: 'The header search runs as the child "headerSearch" and the inbox as "inbox" (their systemIds too)' },
})

/**
 * The cabinet's frame: loads what the header and sidebar need (account, contracts, warehouses,
 * basket summary), switches the selected contract and holds the warehouse the dealer works from
 * (remembered through `persistWarehouse`, an action the app provides).
 */
export const shellMachine = setup({
  types: {} as {
    context: ShellContext
    events: ShellEvent
    input: ShellInput | undefined
    children: {
      basket: 'basket'
      screenHost: 'screenHost'
      productCardHost: 'productCardHost'
      headerSearch: 'headerSearch'
      basketAdders: 'basketAdders'
      callback: 'callback'
      inbox: 'inbox'
    }
  },
  actors: {
    basket: unprovidedBasket,
    screenHost: screenHostMachine,
    /** the product card of lists whose own machine does not open it; the app provides it with the real card */
    productCardHost: productCardHostMachine,
    basketAdders: basketAddersMachine,
    /** resolves when the basket machine's code is there (the app loads it apart from the first load) */
    loadBasketCode: unprovidedPromise<void>('loadBasketCode'),
    headerSearch: unprovidedHeaderSearch,
    /** resolves when the header search's machine code is there (loaded apart from the first load too) */
    loadHeaderSearchCode: unprovidedPromise<void>('loadHeaderSearchCode'),
    callback: unprovidedCallback,
    /** resolves when the callback dialog's machine code is there */
    loadCallbackCode: unprovidedPromise<void>('loadCallbackCode'),
    inbox: unprovidedInbox,
    loadInitData: unprovidedPromise<ShellLoadOutput>('loadInitData'),
    setContract: unprovidedPromise<SetContractOutput, { id: string }>('setContract'),
  },
  guards: {
    isBasketClosed: ({ context }) => isBasketClosedFor(context.initData),
    canSelectContract: ({ context, event }) =>
      event.type === 'contract.select' &&
      context.initData !== null &&
      event.id !== context.initData.selectedContract &&
      context.initData.contracts.some((contract) => contract.id === event.id),
    isSignedInAccount: ({ context }, params: { account: Account }) => context.initData?.account.id === params.account.id,
    isSelectedContractBasket: ({ context, event }) =>
      event.type === 'basket.changed' && (event.contract === undefined || event.contract === context.initData?.selectedContract),
    canSelectWarehouse: ({ context, event }) =>
      event.type === 'warehouse.select' &&
      event.id !== context.selectedWarehouse &&
      (context.initData?.warehouses.some((warehouse) => warehouse.id === event.id) ?? false),
  },
  actions: {
    storeInitData: assign({
      initData: (_, params: ShellLoadOutput) => params.initData,
      selectedWarehouse: (_, params: ShellLoadOutput) => pickWarehouse(params.initData.warehouses, params.storedWarehouse),
      firstInbox: (_, params: ShellLoadOutput) => params.inbox ?? null,
      errorMessage: null,
    }),
    storeWarehouse: assign({ selectedWarehouse: (_, params: { id: number }) => params.id }),
    /** provided by the app: the choice is remembered in this browser (localStorage) */
    persistWarehouse: (_, _params: { id: number }) => {},
    storeError: assign({ errorMessage: (_, params: { error: unknown }) => errorMessageOf(params.error) }),
    storePendingContract: assign({ pendingContract: (_, params: { id: string }) => params.id }),
    storeContract: assign({
      initData: ({ context }, params: SetContractOutput) =>
        context.initData && { ...context.initData, selectedContract: params.selectedContract, basket: params.basket },
      pendingContract: null,
      errorMessage: null,
    }),
    storeAccount: assign({
      initData: ({ context }, params: { account: Account }) => context.initData && { ...context.initData, account: params.account },
    }),
    storeBasket: assign({
      initData: ({ context }, params: { basket: BasketSummary }) => context.initData && { ...context.initData, basket: params.basket },
    }),
    resetError: assign({ errorMessage: null, pendingContract: null }),
    storeAddress: assign({ address: (_, params: { address: Address }) => params.address }),
    /** provided by the app: its router goes to the address */
    navigate: (_, _params: Navigation) => {},
    notifyScreenAddress: sendTo('screenHost', (_, params: { address: Address }) => ({ type: 'address.changed' as const, address: params.address })),
    notifyScreenFrame: enqueueActions(({ context, enqueue }) => {
      const frame = frameOf(context)
      if (frame) enqueue.sendTo('screenHost', { type: 'frame.changed', frame })
    }),
    notifyBasketStale: sendTo('basket', { type: 'basket.stale' }),
    /** the basket (when it runs) learns whether its page is shown: its checkout and draft saving run only then */
    notifyBasketPage: enqueueActions(({ system, enqueue }, params: { address: Address }) => {
      const basket = system.get('basket') as AnyActorRef | undefined
      if (basket) enqueue.sendTo(basket, { type: isBasketPage(params.address) ? 'page.shown' : 'page.hidden' })
    }),
    notifyBasketContract: sendTo('basket', (_, params: { contract: string }) => ({ type: 'basket.contract' as const, contract: params.contract })),
    notifyContractSwitched: raise((_, params: { contract: string }) => ({ type: 'basket.contract' as const, contract: params.contract })),
  },
}).createMachine({
  id: 'shell',
  description: 'The cabinet frame: loads the init data for the header and sidebar, switches the selected contract and holds the chosen warehouse.',
  context: ({ input }) => ({
    initData: null,
    pendingContract: null,
    errorMessage: null,
    selectedWarehouse: CATALOGUE_DEFAULTS.warehouse,
    address: input?.address ?? null,
    firstInbox: null,
  }),
  initial: 'loading',
  on: {
    'address.changed': {
      description: 'The router: the address is kept for the screen host, which starts once the cabinet data is there',
      actions: { type: 'storeAddress', params: ({ event }) => ({ address: event.address }) },
    },
    'address.navigate': {
      description: "A screen asks to go to an address: the app's router goes there",
      actions: { type: 'navigate', params: ({ event }) => event.navigation },
    },
  },
  states: {
    loading: {
      description: 'Full-page loader "Загрузка кабинета…" while GET /api/initdata/ runs',
      invoke: {
        id: 'loadInitData',
        src: 'loadInitData',
        onDone: {
          target: 'ready',
          description: 'Loaded: the warehouse is the stored choice while still listed, else warehouse 1, else the first',
          actions: { type: 'storeInitData', params: ({ event }) => event.output },
        },
        onError: {
          target: 'failed',
          description: 'The call failed or answered nonsense',
          actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    failed: {
      description: '"Не удалось загрузить данные кабинета" with the server message and a "Повторить" button',
      on: { 'shell.retry': { target: 'loading', description: 'The dealer asks to load again' } },
    },
    ready: {
      description:
        'The header, sidebar and the screen are shown; the contract selector, the basket of the selected contract and the header search run side by side',
      type: 'parallel',
      invoke: [
        {
          id: 'screenHost',
          src: 'screenHost',
          systemId: 'screenHost',
          input: ({ context }) => ({ address: context.address, frame: frameOf(context)! }),
        },
        // one product card for every list whose own machine does not open it (and a card's analogues)
        { id: 'productCardHost', src: 'productCardHost', systemId: 'productCardHost' },
        // the add-to-basket controls of every product row and card
        { id: 'basketAdders', src: 'basketAdders', systemId: 'basketAdders', input: {} },
      ],
      on: {
        'address.changed': {
          // here, not in a region: a region's own handler would keep this one from running
          description: 'The router: the screen host runs the screen of the new address, and the basket learns whether its page is shown',
          actions: [
            { type: 'storeAddress', params: ({ event }) => ({ address: event.address }) },
            { type: 'notifyScreenAddress', params: ({ event }) => ({ address: event.address }) },
            { type: 'notifyBasketPage', params: ({ event }) => ({ address: event.address }) },
          ],
        },
        'account.changed': {
          guard: { type: 'isSignedInAccount', params: ({ event }) => ({ account: event.account }) },
          description: 'The profile saved the name and phone: the header shows the new name',
          actions: { type: 'storeAccount', params: ({ event }) => ({ account: event.account }) },
        },
        'basket.summary': {
          description: 'The basket loaded or changed: the header shows its figures',
          actions: { type: 'storeBasket', params: ({ event }) => ({ basket: event.basket }) },
        },
        'warehouse.select': {
          guard: 'canSelectWarehouse',
          description: 'The dealer picks another of the listed warehouses: every list follows, and the choice is remembered',
          actions: [
            { type: 'storeWarehouse', params: ({ event }) => ({ id: event.id }) },
            { type: 'persistWarehouse', params: ({ event }) => ({ id: event.id }) },
            'notifyScreenFrame',
          ],
        },
      },
      states: {
        contract: {
          description: 'The contract selector',
          initial: 'idle',
          // here, not on `ready`: a transition of `ready` itself would restart the basket region too
          on: {
            'contract.select': {
              guard: 'canSelectContract',
              target: '.switchingContract',
              description: 'The dealer picks another of their contracts (a newer pick replaces a running switch)',
              actions: { type: 'storePendingContract', params: ({ event }) => ({ id: event.id }) },
            },
          },
          states: {
            idle: { description: 'The contract selector is ready' },
            switchingContract: {
              description: 'POST /api/setContract/ runs; the selector is disabled',
              invoke: {
                id: 'setContract',
                src: 'setContract',
                input: ({ context }) => ({ id: context.pendingContract ?? '' }),
                onDone: {
                  target: 'idle',
                  description: 'The server switched the contract: the header shows its basket, and the basket child follows',
                  actions: [
                    { type: 'storeContract', params: ({ event }) => event.output },
                    { type: 'notifyContractSwitched', params: ({ event }) => ({ contract: event.output.selectedContract }) },
                    'notifyScreenFrame',
                  ],
                },
                onError: {
                  target: 'contractSwitchFailed',
                  description: 'The server refused the switch or could not be reached',
                  actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
            contractSwitchFailed: {
              description: 'The server refused the switch: its message is shown until dismissed; the old contract stays selected',
              on: {
                'shell.dismiss': { target: 'idle', actions: 'resetError', description: 'The dealer closes the message' },
              },
            },
          },
        },
        basket: {
          description: "The basket of the selected contract; the header shows the init data's figures until it runs",
          initial: 'checkingAccess',
          on: {
            'basket.changed': {
              guard: 'isSelectedContractBasket',
              description:
                "A screen changed the basket of the selected contract: the header summary follows (another contract's basket changes nothing here)",
              actions: { type: 'storeBasket', params: ({ event }) => ({ basket: event.basket }) },
            },
          },
          states: {
            checkingAccess: {
              description: 'Decides whether the account may use the basket at all',
              always: [
                { guard: 'isBasketClosed', target: 'closed', description: 'The main account closed «Корзина» to this manager' },
                { target: 'loadingCode', description: 'The basket is open to the account' },
              ],
            },
            closed: {
              description: 'No basket runs: the header has no summary and no list offers «В корзину» (the server refuses basket calls with 403)',
            },
            ...basketStates,
            running: {
              ...basketStates.running,
              on: {
                'basket.changed': {
                  guard: 'isSelectedContractBasket',
                  description: 'The same while the basket runs: the header summary follows and the basket loads again',
                  actions: [{ type: 'storeBasket', params: ({ event }) => ({ basket: event.basket }) }, 'notifyBasketStale'],
                },
                'basket.contract': {
                  description: "The server switched the contract: the basket child loads that contract's basket",
                  actions: { type: 'notifyBasketContract', params: ({ event }) => ({ contract: event.contract }) },
                },
              },
            },
          },
        },
        search: {
          description:
            'The header search and the inbox (the unread counts beside «Чат с менеджером» and «Уведомления», the top news: one 5 s poll for the session); the header shows its inert stand-in until they run',
          initial: 'loadingCode',
          states: {
            ...searchStates,
            running: {
              ...searchStates.running,
              invoke: [
                searchStates.running.invoke,
                { id: 'inbox', src: 'inbox', systemId: 'inbox', input: ({ context }): InboxInput => ({ first: context.firstInbox }) },
              ],
            },
          },
        },
        callback: {
          description: '«Заказать звонок» (issue 23): the callback dialog, afresh at each opening',
          initial: 'closed',
          on: { 'callback.close': { target: '.closed', description: 'The dealer closes the dialog (✕, Escape, «Закрыть»)' } },
          states: {
            closed: {
              description: 'No dialog',
              on: { 'callback.open': { target: 'loadingCode', description: 'The dealer presses «Заказать звонок» under the menu' } },
            },
            ...lazyLogicStates({
              loading: { description: "The dialog's code loads (it is not in the first load); the dialog shows a loader" },
              load: { src: 'loadCallbackCode' },
              failed: { description: 'The dialog says it could not be loaded, with «Закрыть» (opening it again tries again)' },
              run: { name: 'callback', description: 'The callback machine runs as the child "callback" (systemId "callback") and the dialog shows it' },
            }),
          },
        },
      },
    },
  },
})

/** The running shell actor, as views and other actors hold it. */
export type ShellActor = ActorRefFrom<typeof shellMachine>
