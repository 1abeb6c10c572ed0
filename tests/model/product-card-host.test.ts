import { expect } from 'vitest'
import { productCardHostMachine } from '../../src/machines/product-card-host.machine'
import { describeMachinePaths, type EventCases } from '../support/path-testing'

const CARD = { productId: 7, contract: '3', warehouse: 2 }
/** an analogue opened from the open card */
const ANALOGUE = { productId: 8, contract: '3', warehouse: 2 }

const cases: EventCases = {
  'card.open': [CARD, ANALOGUE].map((card) => ({ type: 'card.open', ...card })),
  'card.close': [{ type: 'card.close' }],
  'xstate.done.actor.loadCardCode': [{ type: 'xstate.done.actor.loadCardCode' }],
  'xstate.error.actor.loadCardCode': [{ type: 'xstate.error.actor.loadCardCode', error: new Error('Failed to fetch dynamically imported module') }],
}

describeMachinePaths(productCardHostMachine, {
  cases,
  actors: { productCard: 'observable' },
  assertStep: (snapshot) => {
    // the card runs exactly while it is open, with the product, contract and warehouse of the row;
    // its code loads (or failed to) for the product clicked
    expect(snapshot.children.productCard !== undefined).toBe(snapshot.matches('open'))
    expect(snapshot.children.loadCardCode !== undefined).toBe(snapshot.matches('loadingCode'))
    if (snapshot.matches('closed')) expect(snapshot.context.card).toBeNull()
    else expect([CARD, ANALOGUE]).toContainEqual(snapshot.context.card)
  },
})
