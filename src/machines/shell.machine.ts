import { assign, sendTo, setup, type ActorRefFrom } from 'xstate'
import type { BasketSummary, InitData } from '../contract/account'
import { basketMachine } from './basket.machine'
import { errorMessageOf, unprovidedPromise } from './machine-support'

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
}

export type ShellEvent =
  | { type: 'shell.retry' }
  | { type: 'shell.dismiss' }
  | { type: 'contract.select'; id: string }
  /** another screen changed the basket (add to basket, a repeated draft, an order) */
  | { type: 'basket.changed'; basket: BasketSummary }
  /** the basket child's figures after it loaded or changed */
  | { type: 'basket.summary'; basket: BasketSummary }

export interface SetContractOutput {
  selectedContract: string
  basket: BasketSummary
}

/**
 * The cabinet's frame: loads what the header and sidebar need (account, contracts, warehouses,
 * basket summary) and switches the selected contract.
 */
export const shellMachine = setup({
  types: {} as { context: ShellContext; events: ShellEvent; children: { basket: 'basket' } },
  actors: {
    basket: basketMachine,
    loadInitData: unprovidedPromise<InitData>('loadInitData'),
    setContract: unprovidedPromise<SetContractOutput, { id: string }>('setContract'),
  },
  guards: {
    canSelectContract: ({ context, event }) =>
      event.type === 'contract.select' &&
      context.initData !== null &&
      event.id !== context.initData.selectedContract &&
      context.initData.contracts.some((contract) => contract.id === event.id),
  },
  actions: {
    storeInitData: assign({ initData: (_, params: { initData: InitData }) => params.initData, errorMessage: null }),
    storeError: assign({ errorMessage: (_, params: { error: unknown }) => errorMessageOf(params.error) }),
    storePendingContract: assign({ pendingContract: (_, params: { id: string }) => params.id }),
    storeContract: assign({
      initData: ({ context }, params: SetContractOutput) =>
        context.initData && { ...context.initData, selectedContract: params.selectedContract, basket: params.basket },
      pendingContract: null,
      errorMessage: null,
    }),
    storeBasket: assign({
      initData: ({ context }, params: { basket: BasketSummary }) => context.initData && { ...context.initData, basket: params.basket },
    }),
    resetError: assign({ errorMessage: null, pendingContract: null }),
    notifyBasketStale: sendTo('basket', { type: 'basket.stale' }),
    notifyBasketContract: sendTo('basket', (_, params: { contract: string }) => ({ type: 'basket.contract' as const, contract: params.contract })),
  },
}).createMachine({
  id: 'shell',
  description: 'The cabinet frame: loads the init data for the header and sidebar, and switches the selected contract.',
  initial: 'loading',
  context: { initData: null, pendingContract: null, errorMessage: null },
  states: {
    loading: {
      description: 'Full-page loader "Загрузка кабинета…" while GET /api/initdata/ runs',
      invoke: {
        id: 'loadInitData',
        src: 'loadInitData',
        onDone: { target: 'ready', actions: { type: 'storeInitData', params: ({ event }) => ({ initData: event.output }) } },
        onError: { target: 'failed', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      description: '"Не удалось загрузить данные кабинета" with the server message and a "Повторить" button',
      on: { 'shell.retry': { target: 'loading', description: 'The dealer asks to load again' } },
    },
    ready: {
      description: 'The header, sidebar and the screen are shown; the basket of the selected contract runs as the child "basket" (systemId "basket")',
      initial: 'idle',
      invoke: {
        id: 'basket',
        src: 'basket',
        systemId: 'basket',
        input: ({ context }) => ({ contract: context.initData?.selectedContract ?? '0' }),
      },
      on: {
        'contract.select': {
          guard: 'canSelectContract',
          target: '.switchingContract',
          description: 'The dealer picks another of their contracts (a newer pick replaces a running switch)',
          actions: { type: 'storePendingContract', params: ({ event }) => ({ id: event.id }) },
        },
        'basket.changed': {
          description: 'A screen changed the basket: the header summary follows and the basket loads again',
          actions: [{ type: 'storeBasket', params: ({ event }) => ({ basket: event.basket }) }, 'notifyBasketStale'],
        },
        'basket.summary': {
          description: 'The basket loaded or changed: the header shows its figures',
          actions: { type: 'storeBasket', params: ({ event }) => ({ basket: event.basket }) },
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
              actions: [
                { type: 'storeContract', params: ({ event }) => event.output },
                { type: 'notifyBasketContract', params: ({ event }) => ({ contract: event.output.selectedContract }) },
              ],
            },
            onError: {
              target: 'contractSwitchFailed',
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
  },
})

/** The running shell actor, as views and other actors hold it. */
export type ShellActor = ActorRefFrom<typeof shellMachine>
