import { assign, createMachine, enqueueActions, setup } from 'xstate'
import type { addToBasketMachine, AddToBasketEvent, AddToBasketInput } from './add-to-basket.machine'
import { ADDER_CODE_MESSAGES } from './add-to-basket-messages'
import { codeStates } from './lazy-logic'
import { unprovidedPromise } from './machine-support'

/** At most this many adders run; touching one more stops the one touched longest ago. */
export const ADDERS_KEPT = 40

/** The key of one product's controls on the page, and the id of their adder. */
export type AdderKey = `adder ${string}`

/** One touch of one product's controls: which controls, what they show, and the adder's event. */
export interface AdderTouch {
  key: AdderKey
  input: AddToBasketInput
  event: AddToBasketEvent
}

export interface BasketAddersContext {
  /** the keys of the running adders, the one touched last at the end */
  keys: AdderKey[]
  /** how many adders may run at once */
  kept: number
  /** the touches made before the adders' code was there, in order: each goes to its adder once it is */
  waiting: AdderTouch[]
}

export type BasketAddersEvent =
  /**
   * the dealer touched the quantity or «В корзину» of one product row or card: its adder (started
   * now when it does not run yet) gets the event
   */
  | ({ type: 'adder.send' } & AdderTouch)
  /** «Повторить» under controls whose touch waits for the adders' code that did not come */
  | { type: 'adders.retry' }

/**
 * The adder's code is not in the first load: the app provides both actors (a deferred logic and
 * the promise that loads it); a machine not given them (a test of the shell alone) runs adders
 * that do nothing.
 */
const unprovidedAddToBasket = createMachine({ id: 'addToBasket' }) as unknown as typeof addToBasketMachine

const touched = (keys: readonly AdderKey[], key: AdderKey) => [...keys.filter((each) => each !== key), key]

/** The tags views read: the controls whose touch waits show the wait, or the failure with «Повторить». */
const ADDER_CODE_TAGS = { loading: 'adderCodeLoading', failed: 'adderCodeFailed' } as const

const { loadingCode, codeFailed } = codeStates({
  loading: { description: `The adders' code loads (it is not in the first load); touched controls are busy: "${ADDER_CODE_MESSAGES.loading}"` },
  load: { src: 'loadAdderCode' },
  loaded: { description: 'The code is there: the touches that waited go to their adders, in the order they came' },
  failed: { description: `The code did not come: controls whose touch waits say "${ADDER_CODE_MESSAGES.failed}" with «Повторить»` },
  retry: { event: 'adders.retry', description: 'The dealer presses «Повторить»: the code loads again, the touches still wait' },
})

const WAIT_FOR_CODE = {
  actions: { type: 'storeWaiting', params: ({ event }: { event: AdderTouch }) => ({ key: event.key, input: event.input, event: event.event }) },
} as const

/**
 * The add-to-basket controls of every product row and card, as children of the shell (systemId
 * 'basketAdders'): an adder starts on the dealer's first touch of its controls (a row never touched
 * runs nothing), keyed by the controls on the page, and tells the shell itself when the basket
 * changed. The views read an adder from here by its key and show the controls' first state until
 * it runs. The adders' code loads after the first paint; a touch before it is there waits for it
 * (its controls busy) and is never dropped.
 */
export const basketAddersMachine = setup({
  types: {} as {
    context: BasketAddersContext
    events: BasketAddersEvent
    input: { kept?: number } | undefined
    children: { loadAdderCode: 'loadAdderCode' } & { [adder: AdderKey]: 'addToBasket' }
  },
  actors: {
    addToBasket: unprovidedAddToBasket,
    /** resolves when the adder's code is there (the app loads it apart from the first load) */
    loadAdderCode: unprovidedPromise<void>('loadAdderCode'),
  },
  guards: {
    isRunning: ({ context, event }) => event.type === 'adder.send' && context.keys.includes(event.key),
    isFull: ({ context }) => context.keys.length >= context.kept,
  },
  actions: {
    storeTouched: assign({ keys: ({ context, event }) => (event.type === 'adder.send' ? touched(context.keys, event.key) : context.keys) }),
    storeWaiting: assign({ waiting: ({ context }, touch: AdderTouch) => [...context.waiting, touch] }),
    /** the touches that waited, sent again in order: `running` takes each as it takes a new one */
    sendWaiting: enqueueActions(({ context, enqueue }) => {
      for (const touch of context.waiting) enqueue.raise({ type: 'adder.send', ...touch })
      enqueue.assign({ waiting: [] })
    }),
    startAdder: enqueueActions(({ enqueue, event }) => {
      if (event.type === 'adder.send') enqueue.spawnChild('addToBasket', { id: event.key, input: event.input })
    }),
    /** the free quantity the controls show goes first, so the adder checks the event against it */
    forwardEvent: enqueueActions(({ enqueue, event }) => {
      if (event.type !== 'adder.send') return
      enqueue.sendTo(event.key, { type: 'stock.known', available: event.input.available } satisfies AddToBasketEvent)
      enqueue.sendTo(event.key, event.event)
    }),
    stopOldest: enqueueActions(({ context, enqueue }) => {
      const [oldest] = context.keys
      if (oldest !== undefined) enqueue.stopChild(oldest)
    }),
    dropOldest: assign({ keys: ({ context }) => context.keys.slice(1) }),
  },
}).createMachine({
  id: 'basketAdders',
  description: 'The add-to-basket controls of the product rows and cards: each adder starts on the first touch and reports to the shell.',
  context: ({ input }) => ({ keys: [], kept: input?.kept ?? ADDERS_KEPT, waiting: [] }),
  initial: 'loadingCode',
  states: {
    loadingCode: {
      ...loadingCode,
      tags: [ADDER_CODE_TAGS.loading],
      invoke: { ...loadingCode.invoke, onDone: { ...loadingCode.invoke.onDone, actions: 'sendWaiting' } },
      on: { 'adder.send': { ...WAIT_FOR_CODE, description: 'A touch before the code is there waits for it' } },
    },
    codeFailed: {
      ...codeFailed,
      tags: [ADDER_CODE_TAGS.failed],
      on: {
        ...codeFailed.on,
        'adder.send': { ...WAIT_FOR_CODE, target: 'loadingCode', description: 'A touch of any controls loads the code again and waits for it' },
      },
    },
    running: {
      description: 'The adders run: each touch goes to its adder',
      on: {
        'adder.send': [
          {
            guard: 'isRunning',
            description: 'The adder of these controls runs: it gets the free quantity the controls show, then the event',
            actions: ['storeTouched', 'forwardEvent'],
          },
          {
            guard: 'isFull',
            description: 'The first touch of other controls while 40 adders run: the one touched longest ago stops, this one starts',
            actions: ['stopOldest', 'dropOldest', 'startAdder', 'storeTouched', 'forwardEvent'],
          },
          {
            description: 'The first touch of these controls: their adder starts and gets the event',
            actions: ['startAdder', 'storeTouched', 'forwardEvent'],
          },
        ],
      },
    },
  },
})

/**
 * Where the adders' code stands for the controls of `key`: 'loading' while their touch waits for
 * it, 'failed' when it did not come and their touch still waits; otherwise null.
 */
export function adderCodeStatusOf(
  snapshot: { hasTag: (tag: string) => boolean; context: Pick<BasketAddersContext, 'waiting'> } | undefined,
  key: string,
): 'loading' | 'failed' | null {
  if (!snapshot?.context.waiting.some((touch) => touch.key === key)) return null
  if (snapshot.hasTag(ADDER_CODE_TAGS.loading)) return 'loading'
  return snapshot.hasTag(ADDER_CODE_TAGS.failed) ? 'failed' : null
}
