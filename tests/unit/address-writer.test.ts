import type { AnyRouter } from '@tanstack/react-router'
import { describe, expect, it } from 'vitest'
import { createAddressWriter } from '../../src/app/address-writer'
import type { Navigation } from '../../src/machines/shell-links'

/** A router at `path` whose navigations are recorded and move its address; tasks and idle moments run when the test says. */
function setUp(path = '/cabinet/') {
  const navigations: Navigation[] = []
  const router = {
    latestLocation: { pathname: path, href: path },
    navigate(navigation: Navigation) {
      navigations.push(navigation)
      const query = new URLSearchParams(navigation.search as Record<string, string>).toString()
      router.latestLocation = { pathname: navigation.to, href: query ? `${navigation.to}?${query}` : navigation.to }
      return Promise.resolve()
    },
  }
  const idle: { task: () => void; timeout: number }[] = []
  const inputs: (() => void)[] = []
  const write = createAddressWriter(router as unknown as AnyRouter, {
    whenIdle: (task, timeout) => idle.push({ task, timeout }),
    beforeInput: (task) => inputs.push(task),
  })
  /** the dealer presses a pointer or a key */
  const press = () => inputs.forEach((task) => task())
  /** the tasks after the current one: the writer's own (a MessageChannel message), then a turn for its promise */
  const runTasks = () => new Promise((resolve) => setTimeout(resolve, 0))
  const runIdle = () => {
    for (const { task } of idle.splice(0)) task()
  }
  /** the dealer goes elsewhere by a link or back: the router moves without the writer */
  const goElsewhere = (href: string) => (router.latestLocation = { pathname: href.split('?')[0]!, href })
  return { write, navigations, idle, runTasks, runIdle, goElsewhere, press }
}

describe('the address writer', () => {
  it('takes another path in the next task, without waiting for an idle moment', async () => {
    const { write, navigations, idle, runTasks } = setUp('/cabinet/')
    write({ to: '/cart/' })
    expect(navigations).toEqual([])
    await runTasks()
    expect(navigations).toEqual([{ to: '/cart/' }])
    expect(idle).toEqual([])
  })

  it('writes a new search on the same path at an idle moment, within 500 ms', async () => {
    const { write, navigations, idle, runTasks, runIdle } = setUp('/cabinet/')
    write({ to: '/cabinet/', search: { brand: [3] } })
    await runTasks()
    expect(navigations).toEqual([])
    expect(idle.map(({ timeout }) => timeout)).toEqual([500])
    runIdle()
    expect(navigations).toEqual([{ to: '/cabinet/', search: { brand: [3] } }])
  })

  it('makes one history entry of quick changes: the last one, replacing only if each of them replaces', () => {
    const { write, navigations, idle, runIdle } = setUp('/cabinet/drafts/')
    write({ to: '/cabinet/drafts/', search: { page: 2 }, replace: true })
    write({ to: '/cabinet/drafts/', search: { page: 3 } })
    write({ to: '/cabinet/drafts/', search: { page: 4 }, replace: true })
    expect(idle).toHaveLength(1)
    runIdle()
    expect(navigations).toEqual([{ to: '/cabinet/drafts/', search: { page: 4 }, replace: false }])
  })

  it('replaces the entry when every change asked to', () => {
    const { write, navigations, runIdle } = setUp('/cabinet/drafts/')
    write({ to: '/cabinet/drafts/', search: { page: 2 }, replace: true })
    write({ to: '/cabinet/drafts/', search: { page: 3 }, replace: true })
    runIdle()
    expect(navigations).toEqual([{ to: '/cabinet/drafts/', search: { page: 3 }, replace: true }])
  })

  it("writes the waiting change at the dealer's next press, before the page handles it (a link then starts from it)", () => {
    const { write, navigations, runIdle, press } = setUp('/cabinet/')
    press()
    expect(navigations).toEqual([])
    write({ to: '/cabinet/', search: { brand: [3] } })
    press()
    expect(navigations).toEqual([{ to: '/cabinet/', search: { brand: [3] } }])
    runIdle()
    press()
    expect(navigations).toHaveLength(1)
  })

  it('drops the waiting change when the dealer went elsewhere meanwhile (back)', () => {
    const { write, navigations, runIdle, goElsewhere } = setUp('/cabinet/')
    write({ to: '/cabinet/', search: { brand: [3] } })
    goElsewhere('/cabinet/orders/')
    runIdle()
    expect(navigations).toEqual([])
  })

  it('drops the waiting change when a screen opens another path', async () => {
    const { write, navigations, runTasks, runIdle } = setUp('/cabinet/')
    write({ to: '/cabinet/', search: { brand: [3] } })
    write({ to: '/cart/' })
    await runTasks()
    runIdle()
    expect(navigations).toEqual([{ to: '/cart/' }])
  })

  it('writes the next change after one is written', () => {
    const { write, navigations, runIdle } = setUp('/cabinet/')
    write({ to: '/cabinet/', search: { brand: [3] } })
    runIdle()
    write({ to: '/cabinet/', search: { brand: [3, 4] } })
    runIdle()
    expect(navigations.map(({ search }) => search)).toEqual([{ brand: [3] }, { brand: [3, 4] }])
  })
})
