import { describe, expect, it, vi } from 'vitest'
import { Subject } from 'rxjs'
import { createActor, fromEventObservable, fromPromise, type AnyMachineSnapshot } from 'xstate'
import type { ActsResponse } from '../../src/contract/acts'
import type { ActsPollInput } from '../../src/services/acts'
import type { PollEvent } from '../../src/services/streams'
import type { actRequestMachine } from '../../src/machines/act-request.machine'
import { actsMachine, type ActsContext } from '../../src/machines/acts.machine'
import { canRequestAct, listViewOf, openRequestOf, requestedActOf } from '../../src/machines/acts.selectors'
import { defaultActsFilter, filterError } from '../../src/machines/act-rules'
import { TIMINGS } from '../../src/machines/timings'
import { ACT, actsPage } from '../support/act-fixtures'
import { describeMachinePaths } from '../support/path-testing'

/** The request form stood in for by a promise of its answer: the acts machine reads only the form's output. */
const formAnswering = (act: typeof ACT) => fromPromise(async () => act) as unknown as typeof actRequestMachine

const TODAY = '24.11.2026'
const READY = { ...ACT, state: 'ready' as const }
const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as ActsContext
const movedRegions = (prev: AnyMachineSnapshot, next: AnyMachineSnapshot) => {
  const [before, after] = [prev.value as Record<string, unknown>, next.value as Record<string, unknown>]
  return Object.keys(before)
    .filter((region) => JSON.stringify(before[region]) !== JSON.stringify(after[region]))
    .map((region) => `${region}:${JSON.stringify(before[region])}`)
    .join(' ')
}

// a request open when the page reloaded opens again at once (the app keeps it in this tab's
// storage); the request region's paths from there, before the full graph holds the machine to 100%
describeMachinePaths(actsMachine.provide({ guards: { hasRequestToResume: () => true } }), {
  cases: { 'xstate.done.actor.actRequest': [{ type: 'xstate.done.actor.actRequest', output: ACT }] },
  input: { page: 1, today: TODAY },
  serializeState: (state) => JSON.stringify((state.value as { request: unknown }).request),
  assertStep: (snapshot) => {
    if (snapshot.matches({ request: 'requested' })) expect(contextOf(snapshot).requested).toEqual(ACT)
  },
  expectFullCoverage: false,
  report: false,
})

describeMachinePaths(actsMachine, {
  cases: {
    'page.change': [{ type: 'page.change', page: 3 }],
    'filter.edit': [
      { type: 'filter.edit', field: 'startDate', value: '25.11.2026' },
      { type: 'filter.edit', field: 'startDate', value: '01.01.2026' },
    ],
    'poll.data': [
      { type: 'poll.data', data: actsPage([ACT], 41, 3) },
      { type: 'poll.data', data: actsPage([]) },
    ],
    'poll.failed': [
      { type: 'poll.failed', message: 'Ошибка сервера (503)', retryInMs: 20_000, status: 503 },
      { type: 'poll.failed', message: 'Нет доступа', retryInMs: 20_000, status: 403 },
    ],
    'xstate.done.actor.actRequest': [{ type: 'xstate.done.actor.actRequest', output: ACT }],
  },
  input: { page: 2, today: TODAY },
  // whether the typed period would pass and whether contracts are known decide the guards
  serializeState: (state, event, prev) => {
    const context = contextOf(state)
    const facts = `${filterError(context.draft) ? 'bad' : 'ok'} ${context.result ? 'known' : 'unknown'}`
    const key = `${JSON.stringify(state.value)} ${facts}`
    // the edge by the regions it moved (the whole previous value would multiply the graph)
    return event && prev ? `${key} via ${event.type} from ${movedRegions(prev, state)}` : key
  },
  limit: 100_000,
  assertStep: (snapshot) => {
    const context = contextOf(snapshot)
    if (snapshot.matches({ list: { live: 'failed' } })) expect(context.errorMessage).toBe('Ошибка сервера (503)')
    if (snapshot.matches({ list: 'refused' })) {
      expect(context.errorMessage).toBe('Нет доступа')
      expect(snapshot.children.pollActs).toBeUndefined()
    }
    if (snapshot.matches({ filter: 'invalid' }))
      expect(context.filterErrorMessage).toBe('Ошибка во временных периодах: дата начала периода больше или равна дате конца периода')
    if (snapshot.matches({ request: 'requested' })) expect(context.requested).toEqual(ACT)
    if (snapshot.matches({ request: 'open' })) expect(context.result?.contracts.length).toBeGreaterThan(0)
  },
})

/** A poll the test drives: each start is recorded with its query, and events go out through `emit`. */
function drivenPoll() {
  const starts: ActsPollInput[] = []
  let subject = new Subject<PollEvent<ActsResponse>>()
  const logic = fromEventObservable(({ input }: { input: ActsPollInput }) => {
    starts.push(input)
    subject = new Subject<PollEvent<ActsResponse>>()
    return subject
  })
  return { starts, logic, emit: (event: PollEvent<ActsResponse>) => subject.next(event), subject: () => subject }
}

describe('acts beyond the paths', () => {
  it('polls every 10 s the last 12 months from page 1; a filter restarts it on page 1 and tells the address', () => {
    const poll = drivenPoll()
    const addresses: number[] = []
    const actor = createActor(
      actsMachine.provide({ actors: { pollActs: poll.logic }, actions: { notifyAddress: (_, { page }) => void addresses.push(page) } }),
      { input: { page: 2, today: TODAY } },
    ).start()
    expect(poll.starts).toEqual([{ periodMs: TIMINGS.actsPollMs, query: { ...defaultActsFilter(TODAY), startDate: '24.11.2025', page: 2, perpage: 20 } }])
    expect(TIMINGS.actsPollMs).toBe(10_000)
    poll.emit({ type: 'poll.data', data: actsPage([ACT]) })
    poll.emit({ type: 'poll.data', data: actsPage([READY]) })
    expect(actor.getSnapshot().context.result?.acts[0]?.state).toBe('ready')
    actor.send({ type: 'filter.edit', field: 'contract', value: '3' })
    actor.send({ type: 'filter.apply' })
    expect(poll.starts.at(-1)?.query).toMatchObject({ contract: '3', page: 1 })
    expect(addresses).toEqual([1])
    // the address catching up names the page shown: no restart
    actor.send({ type: 'page.change', page: 1 })
    expect(poll.starts).toHaveLength(2)
    actor.send({ type: 'page.change', page: 2 })
    expect(poll.starts.map((start) => start.query.page)).toEqual([2, 1, 2])
    actor.stop()
  })

  it('stops polling on a 403 and shows the refusal until the dealer retries or changes the contract or the page', () => {
    const poll = drivenPoll()
    const actor = createActor(actsMachine.provide({ actors: { pollActs: poll.logic }, actions: { notifyAddress: () => {} } }), {
      input: { page: 1, today: TODAY },
    }).start()
    const subjectOfFirst = poll.subject()
    poll.emit({ type: 'poll.failed', message: 'Нет доступа', retryInMs: 20_000, status: 403 })
    expect(listViewOf(actor.getSnapshot())).toBe('refused')
    expect(actor.getSnapshot().context.errorMessage).toBe('Нет доступа')
    // the poll is unsubscribed: no timer of its own will ask again
    expect(subjectOfFirst.observed).toBe(false)
    expect(poll.starts).toHaveLength(1)
    actor.send({ type: 'page.change', page: 1 })
    expect(poll.starts).toHaveLength(1)

    actor.send({ type: 'list.retry' })
    expect(poll.starts).toHaveLength(2)
    expect(listViewOf(actor.getSnapshot())).toBe('loading')
    poll.emit({ type: 'poll.failed', message: 'Нет доступа', retryInMs: 20_000, status: 403 })
    actor.send({ type: 'filter.edit', field: 'contract', value: '3' })
    actor.send({ type: 'filter.apply' })
    expect(poll.starts.at(-1)?.query).toMatchObject({ contract: '3', page: 1 })
    poll.emit({ type: 'poll.failed', message: 'Нет доступа', retryInMs: 20_000, status: 403 })
    actor.send({ type: 'page.change', page: 2 })
    expect(poll.starts.map((start) => start.query.page)).toEqual([1, 1, 1, 2])
    // a server failure (no status, or a 5xx) keeps the poll running with its backoff
    poll.emit({ type: 'poll.failed', message: 'Нет связи с сервером', retryInMs: 20_000 })
    expect(listViewOf(actor.getSnapshot())).toBe('failed')
    expect(poll.subject().observed).toBe(true)
    actor.stop()
  })

  it('reloads at once after a request, and keeps the last list over a failed refresh', async () => {
    const poll = drivenPoll()
    const actor = createActor(actsMachine.provide({ actors: { pollActs: poll.logic } }), { input: { page: 1, today: TODAY } }).start()
    poll.emit({ type: 'poll.data', data: actsPage([ACT]) })
    poll.emit({ type: 'poll.failed', message: 'Нет связи с сервером', retryInMs: 20_000 })
    expect(listViewOf(actor.getSnapshot())).toBe('failed')
    expect(actor.getSnapshot().context.result?.acts).toEqual([ACT])
    expect(canRequestAct(actor.getSnapshot())).toBe(true)
    actor.send({ type: 'request.open' })
    expect(canRequestAct(actor.getSnapshot())).toBe(false)
    const child = openRequestOf(actor.getSnapshot())
    expect(child).toBeDefined()
    child?.send({ type: 'field.change', field: 'startdate', value: TODAY })
    child?.send({ type: 'form.submit' })
    expect(actor.getSnapshot().matches({ request: 'open' })).toBe(true)
    actor.send({ type: 'request.close' })
    expect(openRequestOf(actor.getSnapshot())).toBeUndefined()
    expect(requestedActOf(actor.getSnapshot())).toBeNull()
    await vi.waitFor(() => expect(poll.starts).toHaveLength(1))
    actor.stop()
  })

  it('shows the notice of the act just requested and reloads the list at once', async () => {
    const poll = drivenPoll()
    const actor = createActor(actsMachine.provide({ actors: { pollActs: poll.logic, actRequest: formAnswering(ACT) } }), {
      input: { page: 1, today: TODAY },
    }).start()
    expect(listViewOf(actor.getSnapshot())).toBe('loading')
    poll.emit({ type: 'poll.data', data: actsPage([]) })
    expect(listViewOf(actor.getSnapshot())).toBe('empty')
    actor.send({ type: 'request.open' })
    await vi.waitFor(() => expect(requestedActOf(actor.getSnapshot())).toEqual(ACT))
    expect(poll.starts).toHaveLength(2)
    expect(listViewOf(actor.getSnapshot())).toBe('loading')
    actor.send({ type: 'notice.close' })
    expect(requestedActOf(actor.getSnapshot())).toBeNull()
    actor.stop()
  })
})
