import { describe, expect, it } from 'vitest'
import { assign, createActor, createMachine, fromPromise, sendParent, sendTo, setup, type AnyStateMachine } from 'xstate'
import type { Account, InitData } from '../../src/contract/account'
import type { LoadedBasket } from '../../src/contract/basket'
import { basketMachine } from '../../src/machines/basket.machine'
import { sessionMachine, type LoginOutcome } from '../../src/machines/session.machine'
import { screenHostMachine } from '../../src/machines/screen-host.machine'
import { sidebarMachine } from '../../src/machines/sidebar.machine'
import { basketAddersMachine } from '../../src/machines/basket-adders.machine'
import { productCardHostMachine } from '../../src/machines/product-card-host.machine'
import { shellMachine, type ShellLoadOutput } from '../../src/machines/shell.machine'
import { ApiCallError } from '../../src/services/http'
import { createJournal, replayJournal, type Journal, type JournalEntry, type JournalExport } from '../../src/services/journal'
import { JOURNAL_STORAGE_KEY } from '../../src/services/journal-store'
import { createStorage } from '../../src/services/storage'

const tick = (ms = 0) => new Promise((resolve) => setTimeout(resolve, ms))

interface CounterContext {
  count: number
  password: string
  savedAt: string | null
}

/** the child machine: counts, tells its parent, keeps a password and the time it was saved */
const counterMachine = setup({
  types: {} as {
    context: CounterContext
    events: { type: 'counter.add' } | { type: 'counter.secret'; password: string }
    input: { start: number }
  },
}).createMachine({
  id: 'testCounter',
  context: ({ input }) => ({ count: input.start, password: '', savedAt: null }),
  on: {
    'counter.add': {
      actions: [assign({ count: ({ context }) => context.count + 1 }), sendParent(({ context }) => ({ type: 'parent.counted', count: context.count }))],
    },
    'counter.secret': { actions: assign({ password: ({ event }) => event.password, savedAt: () => new Date().toISOString() }) },
  },
})

/** the parent: loads (a promise), then runs the counter; declared with a stand-in counter the app replaces */
const parentMachine = setup({
  types: {} as {
    context: { total: number; loaded: number | null }
    events: { type: 'parent.counted'; count: number } | { type: 'parent.poke' } | { type: 'parent.finish' }
  },
  actors: {
    counter: createMachine({ id: 'testCounter' }) as unknown as typeof counterMachine,
    load: fromPromise<number>(() => new Promise<never>(() => undefined)),
  },
}).createMachine({
  id: 'testParent',
  context: { total: 0, loaded: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: { id: 'load', src: 'load', onDone: { target: 'running', actions: assign({ loaded: ({ event }) => event.output }) } },
    },
    running: {
      invoke: { id: 'counter', src: 'counter', systemId: 'counter', input: ({ context }) => ({ start: context.loaded ?? 0 }) },
      on: {
        'parent.counted': { actions: assign({ total: ({ event }) => event.count }) },
        'parent.poke': { actions: sendTo('counter', { type: 'counter.add' }) },
        'parent.finish': 'finishing',
      },
    },
    finishing: { after: { 10: 'closed' } },
    closed: {},
  },
})

/** Runs the parent as the app would: the real counter, a promise answering 5; the UI talks to both. */
async function recordParent(journal: Journal) {
  const actor = createActor(parentMachine.provide({ actors: { counter: counterMachine, load: fromPromise(async () => 5) } }), {
    input: {},
    inspect: journal.inspect,
  })
  actor.start()
  await tick()
  const counter = actor.system.get('counter') as typeof actor
  counter.send({ type: 'counter.add' } as never)
  actor.send({ type: 'parent.poke' })
  counter.send({ type: 'counter.secret', password: 'hunter22' } as never)
  actor.send({ type: 'parent.finish' })
  await tick(20)
  expect(actor.getSnapshot().value).toBe('closed')
  expect(actor.getSnapshot().context.total).toBe(7)
  actor.stop()
}

const exported = async (journal: Journal) => JSON.parse(await journal.exportJson()) as JournalExport
const REGISTRY: AnyStateMachine[] = [parentMachine, counterMachine]

function fakeSessionStorage() {
  const items = new Map<string, string>()
  const backend = {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  }
  return { items, storage: createStorage(backend) }
}

describe('the journal of an actor system', () => {
  it('records parents, ids, versions, senders and contexts, and replays the system: equal in state and context', async () => {
    const journal = createJournal()
    await recordParent(journal)
    const { version, entries } = await exported(journal)
    expect(version).toBe(2)
    const parent = entries.find((entry) => entry.machine === 'testParent')!
    const counter = entries.find((entry) => entry.machine === 'testCounter')!
    expect(parent).toMatchObject({ actor: expect.stringMatching(/^p1:x:\d+$/), event: { type: 'xstate.init' }, context: { total: 0, loaded: null } })
    expect(parent.parent).toBeUndefined()
    expect(counter).toMatchObject({ parent: parent.actor, source: parent.actor, id: 'counter', systemId: 'counter', src: 'counter', context: { count: 5 } })
    expect(counter.version).toMatch(/^[0-9a-z]+$/)
    expect(counter.version).not.toBe(parent.version)
    // every actor's parent chain reaches a root that starts with xstate.init
    const firstOf = new Map<string, JournalEntry>()
    for (const entry of entries) if (!firstOf.has(entry.actor)) firstOf.set(entry.actor, entry)
    for (const entry of entries) {
      let at = firstOf.get(entry.actor)!
      while (at.parent !== undefined) at = firstOf.get(at.parent)!
      expect(at.event.type).toBe('xstate.init')
    }
    // the poke's counter.add came from the parent, the UI's from nowhere; the counter's report from the counter
    expect(entries.filter((entry) => entry.event.type === 'counter.add').map((entry) => entry.source)).toEqual([undefined, parent.actor])
    expect(entries.filter((entry) => entry.event.type === 'parent.counted').every((entry) => entry.source === counter.actor)).toBe(true)
    // the delay is the parent's own
    expect(entries.find((entry) => entry.event.type.startsWith('xstate.after.'))?.source).toBe(parent.actor)

    const replayed = replayJournal(REGISTRY, entries)
    expect(replayed.map((actor) => [actor.machine, actor.outcome, actor.departure])).toEqual([
      ['testParent', 'equal', undefined],
      ['testCounter', 'equal', undefined],
    ])
    expect(replayed[1]!.contexts.at(-1)).toMatchObject({ count: 7, password: '••••••••' })
  })

  it('masks a password in events and contexts, and compares times as times', async () => {
    const journal = createJournal()
    await recordParent(journal)
    expect(await journal.exportJson()).not.toContain('hunter22')
    const { entries } = await exported(journal)
    const secret = entries.find((entry) => entry.event.type === 'counter.secret')!
    expect(secret.event.password).toBe('••••••••')
    expect(secret.context).toMatchObject({ password: '••••••••', savedAt: expect.stringMatching(/^\d{4}-/) })
    // another moment is not a difference
    const moved = entries.map((entry) =>
      entry === secret ? { ...entry, context: { ...(entry.context as CounterContext), savedAt: '2020-01-01T00:00:00.000Z' } } : entry,
    )
    expect(replayJournal(REGISTRY, moved).map((actor) => actor.outcome)).toEqual(['equal', 'equal'])
  })

  it('tells the entry whose context was edited by hand as the one where the replay departs', async () => {
    const journal = createJournal()
    await recordParent(journal)
    const { entries } = await exported(journal)
    const edited = entries.findIndex((entry) => entry.event.type === 'counter.add')
    const changed = entries.map((entry, index) => (index === edited ? { ...entry, context: { ...(entry.context as CounterContext), count: 99 } } : entry))
    const counter = replayJournal(REGISTRY, changed).find((actor) => actor.machine === 'testCounter')!
    expect(counter.outcome).toBe('departed')
    expect(counter.departure).toMatchObject({ entryIndex: edited, event: 'counter.add', part: 'context.count', journal: 99, replay: 6 })
    // a state value edited alike
    const valueEdited = entries.map((entry, index) => (entry.machine === 'testParent' && index > edited ? { ...entry, value: 'loading' } : entry))
    const parent = replayJournal(REGISTRY, valueEdited).find((actor) => actor.machine === 'testParent')!
    expect(parent.departure?.part).toBe('value')
    expect(parent.departure?.entryIndex).toBeGreaterThan(edited)
  })

  it('tells an actor whose machine changed since as recorded by another build', async () => {
    const journal = createJournal()
    await recordParent(journal)
    const { entries } = await exported(journal)
    const changedCounter = counterMachine.provide({})
    const rebuilt = setup({}).createMachine({ ...(changedCounter.config as object), id: 'testCounter', initial: 'idle', states: { idle: {} } } as never)
    const replayed = replayJournal([parentMachine, rebuilt as unknown as AnyStateMachine], entries)
    expect(replayed.find((actor) => actor.machine === 'testCounter')).toMatchObject({ outcome: 'build', note: expect.stringContaining('another build') })
    // providing implementations is not another build
    expect(replayJournal([parentMachine, changedCounter], entries).map((actor) => actor.outcome)).toEqual(['equal', 'equal'])
  })

  it('replays an actor whose parent is not in the journal on its own', async () => {
    const journal = createJournal()
    await recordParent(journal)
    const { entries } = await exported(journal)
    const childOnly = entries.filter((entry) => entry.machine === 'testCounter')
    const alone = replayJournal(REGISTRY, childOnly)
    expect(alone).toMatchObject([{ machine: 'testCounter', outcome: 'equal', standalone: true }])
  })

  it('still reads a format-1 journal: state values only, actor by actor', async () => {
    const journal = createJournal()
    await recordParent(journal)
    const v1 = (await exported(journal)).entries.map(({ at, actor, machine, event, value }) => ({ at, actor, machine, event, value }))
    expect(replayJournal(REGISTRY, v1).map((actor) => actor.outcome)).toEqual(['equal', 'equal'])
  })

  it('lives across reloads of the tab: one export holds the actors of both loads, with distinct ids', async () => {
    const { items, storage } = fakeSessionStorage()
    const first = createJournal({ storage, schedule: () => undefined })
    await recordParent(first)
    await first.entries()
    expect(items.has(JOURNAL_STORAGE_KEY)).toBe(true)
    // the reload: a new journal over the same sessionStorage
    const second = createJournal({ storage, schedule: () => undefined })
    await recordParent(second)
    const { entries } = await exported(second)
    const actors = [...new Set(entries.map((entry) => entry.actor))]
    expect(actors).toEqual([
      expect.stringMatching(/^p1:x:\d+$/),
      expect.stringMatching(/^p1:x:\d+$/),
      expect.stringMatching(/^p2:x:\d+$/),
      expect.stringMatching(/^p2:x:\d+$/),
    ])
    expect(replayJournal(REGISTRY, entries).map((actor) => actor.outcome)).toEqual(['equal', 'equal', 'equal', 'equal'])

    // the limits hold across loads: the oldest go
    const third = createJournal({ storage, schedule: () => undefined, limit: 5 })
    expect(await third.entries()).toHaveLength(5)
    expect((await third.entries()).at(-1)).toEqual(entries.at(-1))
  })

  it('stores of a changed context only the members that changed, and reads the contexts back whole', async () => {
    const { items, storage } = fakeSessionStorage()
    const first = createJournal({ storage, schedule: () => undefined })
    await recordParent(first)
    const entries = await first.entries()
    const stored = JSON.parse(items.get('cabinet.journal.p1.0')!) as Array<JournalEntry & { contextChanges?: Record<string, unknown> }>
    // counter.add changes the count alone; the counter's secret stays masked in its changes
    expect(stored.filter((entry) => entry.event.type === 'counter.add').map((entry) => [entry.context, entry.contextChanges])).toEqual([
      [undefined, { count: 6 }],
      [undefined, { count: 7 }],
    ])
    expect(stored.find((entry) => entry.event.type === 'counter.secret')?.contextChanges).toEqual({ password: '••••••••', savedAt: expect.any(String) })
    const second = createJournal({ storage, schedule: () => undefined })
    expect((await second.entries()).filter((entry) => entry.actor.startsWith('p1:'))).toEqual(entries)
  })

  it('drops a stored journal that does not parse, without a crash', async () => {
    for (const garbage of ['{not json', '{"chunks":[{"key":"cabinet.journal.p1.0","count":1,"chars":1}]}', '[]']) {
      const { items, storage } = fakeSessionStorage()
      items.set(JOURNAL_STORAGE_KEY, garbage)
      items.set('cabinet.journal.load', '1')
      items.set('cabinet.journal.p1.0', '[{"broken":')
      const journal = createJournal({ storage, schedule: () => undefined })
      await recordParent(journal)
      const { entries } = await exported(journal)
      expect(entries.every((entry) => entry.actor.startsWith('p2:'))).toBe(true)
      expect(items.get('cabinet.journal.p1.0')).toBeUndefined()
    }
  })

  it('keeps the hook cheap: no copy and no storage until an idle moment', async () => {
    const { items, storage } = fakeSessionStorage()
    const idle: Array<() => Promise<void>> = []
    const journal = createJournal({ storage, schedule: (task) => idle.push(task) })
    const actor = createActor(sessionMachine, { input: {}, inspect: journal.inspect })
    actor.start()
    actor.send({ type: 'session.login', email: 'dealer@example.com', password: 'secret123' })
    expect([...items.keys()]).toEqual(['cabinet.journal.load'])
    await Promise.all(idle.map((task) => task()))
    expect(items.get(JOURNAL_STORAGE_KEY)).toContain('cabinet.journal.p1.0')
    expect(items.get('cabinet.journal.p1.0')).not.toContain('secret123')
    actor.stop()
  })
  it('copies a slice per idle moment and leaves the rest to the next one', async () => {
    const { items, storage } = fakeSessionStorage()
    const idle: Array<(moment?: { timeRemaining: () => number }) => Promise<void>> = []
    const journal = createJournal({ storage, schedule: (task) => idle.push(task) })
    const actor = createActor(sessionMachine, { input: {}, inspect: journal.inspect })
    actor.start()
    actor.send({ type: 'session.login', email: 'dealer@example.com', password: 'secret123' })
    const stored = () => (JSON.parse(items.get('cabinet.journal.p1.0') ?? '[]') as JournalEntry[]).map((entry) => entry.event.type)
    // an idle moment with no time left copies one entry, and asks for another moment for the rest
    await idle.shift()!({ timeRemaining: () => 0 })
    expect(stored()).toEqual(['xstate.init'])
    expect(idle).toHaveLength(1)
    // the moments that follow copy the rest, in order
    while (idle.length > 0) await idle.shift()!({ timeRemaining: () => 0 })
    expect(stored()).toContain('session.login')
    expect(stored()).toEqual((await journal.entries()).map((entry) => entry.event.type))
    actor.stop()
  })
  it('keeps what it noted before its copying module was loaded, and stores the newest when the page is left', async () => {
    const { items, storage } = fakeSessionStorage()
    const idle: Array<() => Promise<void>> = []
    const leave: Array<() => void> = []
    const first = createJournal({ storage, schedule: (task) => idle.push(task), onLeave: (flush) => leave.push(flush) })
    const actor = createActor(sessionMachine, { input: {}, inspect: first.inspect })
    actor.start()
    // the first idle moment loads the module: what was noted before is stored
    await Promise.all(idle.splice(0).map((task) => task()))
    expect(items.get('cabinet.journal.p1.0')).toContain('xstate.init')
    // events after it, with no idle moment before the page is left: the leaving stores them
    actor.send({ type: 'session.login', email: 'dealer@example.com', password: 'secret123' })
    expect(items.get('cabinet.journal.p1.0')).not.toContain('session.login')
    leave.forEach((flush) => flush())
    expect(items.get('cabinet.journal.p1.0')).toContain('session.login')
    actor.stop()
    // the reload reads them back
    const second = createJournal({ storage, schedule: () => undefined })
    expect((await second.entries()).map((entry) => [entry.actor.split(':')[0], entry.event.type])).toEqual(
      expect.arrayContaining([
        ['p1', 'xstate.init'],
        ['p1', 'session.login'],
      ]),
    )
  })
})

describe('a journal of the real session, shell and basket', () => {
  const contracts = [
    { id: '101', header: 'Договор поставки №101', contragent: 'ООО «Теплодом»' },
    { id: '102', header: 'Договор комиссии №102', contragent: 'ИП Сидоров' },
  ]
  const account = {
    id: 3,
    email: 'manager@teplodom.example',
    name: 'Ольга Миронова',
    phone: '+7 (812) 555-01-02',
    type_id: '2',
    company: 'ООО «Теплодом»',
    inn: '7812345678',
  }
  const warehouses = [1, 2].map((id) => ({ id, header: `Склад ${id}` }))
  const initData: InitData = {
    account: { ...account, disabledMenus: [], contracts },
    contracts,
    selectedContract: '101',
    warehouses,
    basket: { count: 0, sum: 0 },
  }

  it('replays as one system: the shell and the basket run as the session’s real children', async () => {
    const journal = createJournal()
    const basket = basketMachine.provide({
      actors: {
        loadBasket: fromPromise<LoadedBasket, { contract: string }>(async () => {
          throw new ApiCallError('Нет соединения с сервером', 0)
        }),
      },
    })
    const shell = shellMachine.provide({
      actors: {
        basket,
        loadBasketCode: fromPromise<void>(async () => undefined),
        loadInitData: fromPromise(async (): Promise<ShellLoadOutput> => ({ initData, storedWarehouse: 2 })),
        setContract: fromPromise(async () => ({ selectedContract: '102', basket: { count: 1, sum: 10 } })),
      },
    })
    const session = createActor(
      sessionMachine.provide({
        actors: {
          shell,
          loadSession: fromPromise(async (): Promise<Account | null> => null),
          login: fromPromise(async (): Promise<LoginOutcome> => ({ account: initData.account })),
          logout: fromPromise(async (): Promise<unknown> => ({})),
        },
      }),
      { input: {}, inspect: journal.inspect },
    )
    session.start()
    await tick()
    session.send({ type: 'session.login', email: 'manager@teplodom.example', password: 'secret123' })
    await tick()
    await tick()
    const shellActor = session.system.get('shell')
    shellActor.send({ type: 'warehouse.select', id: 1 })
    shellActor.send({ type: 'contract.select', id: '102' })
    await tick()
    await tick()
    session.send({ type: 'session.logout' })
    await tick()
    session.stop()

    const { entries } = await exported(journal)
    const machines = ['session', 'sidebar', 'shell', 'screenHost', 'productCardHost', 'basketAdders', 'basket']
    expect(new Set(entries.map((entry) => entry.machine))).toEqual(new Set(machines))
    const replayed = replayJournal(
      [sessionMachine, sidebarMachine, shellMachine, screenHostMachine, productCardHostMachine, basketAddersMachine, basketMachine],
      entries,
    )
    expect(new Set(replayed.map((actor) => actor.machine))).toEqual(new Set(machines))
    for (const actor of replayed) expect([actor.machine, actor.outcome, actor.departure]).toEqual([actor.machine, 'equal', undefined])
    expect(
      replayed.find((actor) => actor.machine === 'basket')?.entries.some((entry) => entry.event.type === 'basket.contract' && entry.source !== undefined),
    ).toBe(true)
  })
})
