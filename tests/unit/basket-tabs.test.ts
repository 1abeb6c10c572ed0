import { describe, expect, it } from 'vitest'
import { createBasketTabs } from '../../src/services/basket-tabs'

const settle = () => new Promise((resolve) => setTimeout(resolve, 30))

describe('basket tabs', () => {
  it('tells the other tabs of a change under their contract, and never the tab that made it', async () => {
    const channel = `test-basket-${Math.random()}`
    const [first, second] = [createBasketTabs(channel), createBasketTabs(channel)]
    const heard = { first: 0, second: 0, otherContract: 0 }
    const stops = [first.watch('1', () => heard.first++), second.watch('1', () => heard.second++), second.watch('2', () => heard.otherContract++)]
    // the listening streams load on the first watch
    await import('../../src/services/basket-tab-changes')
    await settle()
    first.announce('1')
    await settle()
    expect(heard).toEqual({ first: 0, second: 1, otherContract: 0 })
    stops.forEach((stop) => stop())
  })

  it('hears nothing when stopped before its streams loaded', async () => {
    const channel = `test-basket-${Math.random()}`
    const [first, second] = [createBasketTabs(channel), createBasketTabs(channel)]
    let heard = 0
    second.watch('1', () => heard++)()
    await settle()
    first.announce('1')
    await settle()
    expect(heard).toBe(0)
  })
})
