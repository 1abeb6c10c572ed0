import { expect } from 'vitest'
import { productCardHostMachine } from '../../src/machines/product-card-host.machine'
import { describeMachinePaths, type EventCases } from '../support/path-testing'

const CARD = { productId: 7, contract: '3', warehouse: 2 }

const cases: EventCases = {
  'card.open': [{ type: 'card.open', ...CARD }],
  'card.close': [{ type: 'card.close' }],
}

describeMachinePaths(productCardHostMachine, {
  cases,
  actors: { productCard: 'observable' },
  assertStep: (snapshot) => {
    // the card runs exactly while it is open, with the product, contract and warehouse of the row
    expect(snapshot.children.productCard !== undefined).toBe(snapshot.matches('open'))
    expect(snapshot.context.card).toEqual(snapshot.matches('open') ? CARD : null)
  },
})
