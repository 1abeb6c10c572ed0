import { assign, setup, type ActorRefFrom } from 'xstate'
import { cardCodeStates, unprovidedCardCode, unprovidedProductCard } from './card-code'
import type { ProductCardInput } from './product-card.machine'

export type ProductCardHostEvent = ({ type: 'card.open' } & ProductCardInput) | { type: 'card.close' }

/**
 * The product card for a list whose own machine does not open it (brand pages, the basket, an
 * order's composition, a card's analogues): a product's name sends `card.open` with the contract
 * and warehouse the list shows, and the card runs as this machine's child while it is open. One
 * host runs per session, as the shell's child `productCardHost` (systemId 'productCardHost').
 */
export const productCardHostMachine = setup({
  types: {} as {
    context: { card: ProductCardInput | null }
    events: ProductCardHostEvent
    children: { productCard: 'productCard'; loadCardCode: 'loadCardCode' }
  },
  actors: { productCard: unprovidedProductCard, loadCardCode: unprovidedCardCode },
  actions: {
    storeCard: assign({ card: (_, params: ProductCardInput) => params }),
    resetCard: assign({ card: null }),
  },
}).createMachine({
  id: 'productCardHost',
  description: 'The product card opened from a product name in a list.',
  context: { card: null },
  initial: 'closed',
  states: {
    closed: {
      description: 'No card is open',
      on: {
        'card.open': {
          target: 'loadingCode',
          description: "The dealer clicks a product's name",
          actions: { type: 'storeCard', params: ({ event }) => ({ productId: event.productId, contract: event.contract, warehouse: event.warehouse }) },
        },
      },
    },
    ...cardCodeStates({ target: 'closed', description: 'The dealer closes the card (✕, Escape, the message)', actions: 'resetCard' } as const),
    open: {
      description: 'The product card machine runs as the child "productCard" and the dialog shows it',
      invoke: { id: 'productCard', src: 'productCard', input: ({ context }) => context.card! },
      on: {
        'card.open': {
          target: 'open',
          reenter: true,
          description: 'The dealer opens another product (an analogue from the open card): its card replaces this one',
          actions: { type: 'storeCard', params: ({ event }) => ({ productId: event.productId, contract: event.contract, warehouse: event.warehouse }) },
        },
        'card.close': { target: 'closed', description: 'The dealer closes the card (✕, Escape, a click outside)', actions: 'resetCard' },
      },
    },
  },
})

export type ProductCardHostActor = ActorRefFrom<typeof productCardHostMachine>
