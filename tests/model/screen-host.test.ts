import { describe, expect, it } from 'vitest'
import { createActor, createMachine, fromPromise, type AnyMachineSnapshot } from 'xstate'
import { screenHostMachine, type ScreenHostContext } from '../../src/machines/screen-host.machine'
import { addressEventOf, SCREEN_NAMES, screenOf, type Address, type ScreenFrame } from '../../src/machines/screens'
import { defaultSerializeState, describeMachinePaths, type EventCases } from '../support/path-testing'

const AT = '2026-11-26T10:00:00.000Z'
const FRAME: ScreenFrame = { contract: '101', warehouse: 1, accountId: 3, basketClosed: false }
const at = (path: string, search: Record<string, unknown> = {}): Address => ({ path, search, at: AT })

/** one address of each screen, a second page of one, and addresses without a screen */
const ADDRESSES: Address[] = [
  at('/cabinet/'),
  at('/cabinet/action12/', { q: 'кран' }),
  at('/cabinet/brand/7/'),
  at('/cabinet/favorites/'),
  at('/cabinet/pricelist/'),
  at('/cabinet/orders/'),
  at('/cabinet/orders/', { page: 2 }),
  at('/cabinet/drafts/'),
  at('/cabinet/acts/'),
  at('/cabinet/contragents/'),
  at('/cabinet/purchased/'),
  at('/cabinet/profile/'),
  at('/cabinet/addresses/'),
  at('/cabinet/consignees/'),
  at('/cabinet/managers/'),
  at('/cabinet/chat/'),
  at('/cabinet/exporter/'),
  at('/cabinet/notifications/'),
  at('/cabinet/complaints/'),
  at('/cabinet/complaints/list/'),
  at('/cart/'),
]

const cases: EventCases = {
  'address.changed': ADDRESSES.map((address) => ({ type: 'address.changed', address })),
  // another contract: the catalogue starts afresh, the orders follow
  'frame.changed': [{ type: 'frame.changed', frame: { ...FRAME, contract: '102' } }],
  'xstate.error.actor.loadScreenCode': [{ type: 'xstate.error.actor.loadScreenCode', error: new Error('Failed to fetch dynamically imported module') }],
}

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as ScreenHostContext

describeMachinePaths(screenHostMachine, {
  cases,
  // which screen is chosen is a vertex of its own: loading the orders' code is not loading the catalogue's
  serializeState: (snapshot, event, prev) => `${defaultSerializeState(snapshot, event, prev)} ${contextOf(snapshot).screen?.key ?? '-'}`,
  input: { address: null, frame: FRAME },
  // every screen's address is a vertex in every state: the graph grows with each new screen
  limit: 40_000,
  assertStep: (snapshot) => {
    const { screen, address, frame } = contextOf(snapshot)
    // the screen the host runs is always the one the address and the frame show
    expect(screen).toEqual(address && screenOf(address, frame))
    for (const name of SCREEN_NAMES) {
      const running = snapshot.matches(name)
      expect(running, name).toBe(screen?.name === name && snapshot.children[name] !== undefined)
    }
    if (snapshot.matches('none')) expect(screen).toBeNull()
  },
})

describe('the screen host with running screens', () => {
  /** a screen machine that keeps its input and the events it got */
  const recorder = createMachine({
    types: {} as { context: { input: unknown; events: unknown[] } },
    context: ({ input }) => ({ input, events: [] }),
    on: { '*': { actions: ({ context, event }) => void context.events.push(event) } },
  })

  function startHost() {
    const loads: string[] = []
    const screens = Object.fromEntries(SCREEN_NAMES.map((name) => [name, recorder]))
    const host = createActor(
      screenHostMachine.provide({
        actors: { ...screens, loadScreenCode: fromPromise<void, { name: string }>(async ({ input }) => void loads.push(input.name)) } as never,
      }),
      { input: { address: null, frame: FRAME } },
    ).start()
    const go = async (address: Address) => {
      host.send({ type: 'address.changed', address })
      await new Promise((resolve) => setTimeout(resolve, 0))
    }
    const running = (name: string) =>
      host.getSnapshot().children[name as 'orders'] as unknown as { getSnapshot(): { context: { input: unknown; events: unknown[] } } } | undefined
    return { host, go, loads, running }
  }

  it('starts the screen of the address with its input, and gives it the next address of the same screen', async () => {
    const { host, go, running } = startHost()
    await go(at('/cabinet/orders/'))
    const orders = running('orders')
    expect(orders?.getSnapshot().context.input).toMatchObject({ filter: { page: 1, dateselect: expect.any(String) } })
    await go(at('/cabinet/orders/', { page: 3 }))
    expect(running('orders')).toBe(orders)
    expect(orders?.getSnapshot().context.events).toEqual([addressEventOf('orders', at('/cabinet/orders/', { page: 3 }), FRAME)])
    host.stop()
  })

  it('stops the screen the dealer leaves and starts the catalogue afresh for another contract', async () => {
    const { host, go, running, loads } = startHost()
    await go(at('/cabinet/'))
    const catalogue = running('catalogueFilter')
    expect(catalogue).toBeDefined()
    host.send({ type: 'frame.changed', frame: { ...FRAME, contract: '102' } })
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(running('catalogueFilter')).not.toBe(catalogue)
    await go(at('/cart/'))
    expect(host.getSnapshot().value).toBe('none')
    expect(running('catalogueFilter')).toBeUndefined()
    expect(loads).toEqual(['catalogueFilter', 'catalogueFilter'])
    host.stop()
  })

  it('starts acts with the day the dealer arrived', async () => {
    const { host, go, running } = startHost()
    await go({ path: '/cabinet/acts/', search: { page: 2 }, at: '2026-03-01T21:30:00.000Z' })
    // 21:30 UTC is the next day in Moscow
    expect(running('acts')?.getSnapshot().context.input).toEqual({ page: 2, today: '02.03.2026' })
    host.stop()
  })

  it('starts no price list, nor loads its code, while the basket is closed to the account (issue 21, item 12)', async () => {
    const { host, go, running, loads } = startHost()
    host.send({ type: 'frame.changed', frame: { ...FRAME, basketClosed: true } })
    await go(at('/cabinet/pricelist/'))
    expect(host.getSnapshot().value).toBe('none')
    expect(running('pricelist')).toBeUndefined()
    expect(loads).toEqual([])
    host.stop()
  })
})
