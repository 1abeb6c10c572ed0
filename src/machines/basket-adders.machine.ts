import { assign, enqueueActions, setup } from 'xstate'
import { addToBasketMachine, type AddToBasketEvent, type AddToBasketInput } from './add-to-basket.machine'

/** At most this many adders run; touching one more stops the one touched longest ago. */
export const ADDERS_KEPT = 40

export interface BasketAddersContext {
  /** the keys of the running adders, the one touched last at the end */
  keys: string[]
  /** how many adders may run at once */
  kept: number
}

export type BasketAddersEvent =
  /**
   * the dealer touched the quantity or «В корзину» of one product row or card: its adder (started
   * now when it does not run yet) gets the event
   */
  { type: 'adder.send'; key: string; input: AddToBasketInput; event: AddToBasketEvent }

const touched = (keys: readonly string[], key: string) => [...keys.filter((each) => each !== key), key]

/**
 * The add-to-basket controls of every product row and card, as children of the shell (systemId
 * 'basketAdders'): an adder starts on the dealer's first touch of its controls (a row never touched
 * runs nothing), keyed by the controls on the page, and tells the shell itself when the basket
 * changed. The views read an adder from here by its key and show the controls' first state until
 * it runs.
 */
export const basketAddersMachine = setup({
  types: {} as { context: BasketAddersContext; events: BasketAddersEvent; input: { kept?: number } | undefined },
  actors: { addToBasket: addToBasketMachine },
  guards: {
    isRunning: ({ context, event }) => context.keys.includes(event.key),
    isFull: ({ context }) => context.keys.length >= context.kept,
  },
  actions: {
    storeTouched: assign({ keys: ({ context, event }) => touched(context.keys, event.key) }),
    startAdder: enqueueActions(({ enqueue, event }) => enqueue.spawnChild('addToBasket', { id: event.key, input: event.input })),
    /** the free quantity the controls show goes first, so the adder checks the event against it */
    forwardEvent: enqueueActions(({ enqueue, event }) => {
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
  context: ({ input }) => ({ keys: [], kept: input?.kept ?? ADDERS_KEPT }),
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
})
