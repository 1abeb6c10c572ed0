import { describe, expect, it } from 'vitest'
import { createBasketTabs } from '../../src/services/basket-tabs'

const settle = () => new Promise((resolve) => setTimeout(resolve, 30))

describe('basket tabs', () => {
  it('tells the other tabs of a change under their contract, and never the tab that made it', async () => {
    const channel = `test-basket-${Math.random()}`
    const [first, second] = [createBasketTabs(channel), createBasketTabs(channel)]
    const heard = { first: 0, second: 0, otherContract: 0 }
    const subscriptions = [
      first.changes$('1').subscribe(() => heard.first++),
      second.changes$('1').subscribe(() => heard.second++),
      second.changes$('2').subscribe(() => heard.otherContract++),
    ]
    first.announce('1')
    await settle()
    expect(heard).toEqual({ first: 0, second: 1, otherContract: 0 })
    subscriptions.forEach((subscription) => subscription.unsubscribe())
  })
})
