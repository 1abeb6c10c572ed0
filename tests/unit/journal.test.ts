import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import type { BasketSummary } from '../../src/contract/account'
import type { AddLineOutcome } from '../../src/contract/basket'
import type { FilterInit } from '../../src/contract/catalogue-init'
import { addToBasketMachine } from '../../src/machines/add-to-basket.machine'
import { catalogueFilterMachine } from '../../src/machines/catalogue-filter.machine'
import { DEFAULT_QUERY } from '../../src/machines/catalogue-search'
import { draftSaveMachine } from '../../src/machines/draft-save.machine'
import { registrationMachine } from '../../src/machines/registration.machine'
import { invitationMachine } from '../../src/machines/invitation.machine'
import { sessionMachine } from '../../src/machines/session.machine'
import { TIMINGS } from '../../src/machines/timings'
import { createClockActors } from '../../src/services/clock'
import { ApiCallError } from '../../src/services/http'
import { createJournal, replayJournal, type JournalExport } from '../../src/services/journal'

const BASKET: BasketSummary = { count: 1, sum: 100 }

/** Drives an add-to-basket actor through a refusal, a failure and an addition whose popup times out. */
async function recordBasketSession(journal: ReturnType<typeof createJournal>) {
  const outcomes: Array<AddLineOutcome | Error> = [
    { outcome: 'overStock', available: 2 },
    new ApiCallError('Нет соединения с сервером', 0),
    { outcome: 'added', basket: BASKET },
  ]
  const machine = addToBasketMachine.provide({
    actors: {
      addLine: fromPromise(async () => {
        const next = outcomes.shift()!
        if (next instanceof Error) throw next
        return next
      }),
    },
  })
  const actor = createActor(machine, { input: { productId: 7, warehouse: 1, available: 5, contract: '0' }, inspect: journal.inspect })
  actor.start()
  actor.send({ type: 'quantity.input', text: '0' })
  actor.send({ type: 'basket.add' })
  actor.send({ type: 'quantity.input', text: '004' })
  actor.send({ type: 'basket.add' })
  await vi.advanceTimersByTimeAsync(0)
  actor.send({ type: 'basket.add' })
  await vi.advanceTimersByTimeAsync(0)
  actor.send({ type: 'basket.retry' })
  await vi.advanceTimersByTimeAsync(0)
  await vi.advanceTimersByTimeAsync(TIMINGS.addedPopupMs)
  expect(actor.getSnapshot().value).toEqual({ editing: 'ready' })
  actor.stop()
}

describe('the journal', () => {
  afterEach(() => vi.useRealTimers())

  it('records every event a machine gets with its time, actor and resulting state', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-23T10:00:00Z') })
    const journal = createJournal()
    await recordBasketSession(journal)
    const entries = await journal.entries()
    expect(entries[0]).toMatchObject({ machine: 'addToBasket', event: { type: 'xstate.init' }, value: { editing: 'ready' }, at: '2026-11-23T10:00:00.000Z' })
    expect(entries.map((entry) => entry.event.type)).toEqual([
      'xstate.init',
      'quantity.input',
      'basket.add',
      'quantity.input',
      'basket.add',
      'xstate.done.actor.addLine',
      'basket.add',
      'xstate.error.actor.addLine',
      'basket.retry',
      'xstate.done.actor.addLine',
      'xstate.after.addedPopup.addToBasket.editing.added',
      'xstate.stop',
    ])
    expect(entries.map((entry) => entry.value)).toContainEqual({ editing: 'zeroQuantity' })
    // the error keeps its message and status as plain JSON
    expect(entries.find((entry) => entry.event.type === 'xstate.error.actor.addLine')?.event.error).toMatchObject({
      message: 'Нет соединения с сервером',
      status: 0,
    })
    expect(new Set(entries.map((entry) => entry.actor)).size).toBe(1)
  })

  it('replayed against the machines, reproduces the same states, timers included', async () => {
    vi.useFakeTimers()
    const journal = createJournal()
    await recordBasketSession(journal)
    const catalogue = createActor(
      catalogueFilterMachine.provide({
        actors: {
          loadFilterInit: fromPromise<FilterInit>(async () => {
            throw new ApiCallError('Нет соединения с сервером', 0)
          }),
        },
      }),
      { input: { query: DEFAULT_QUERY }, inspect: journal.inspect },
    )
    catalogue.start()
    await vi.advanceTimersByTimeAsync(0)
    catalogue.send({ type: 'sorting.cycle', field: 'price' })
    catalogue.stop()

    // through JSON, as QA would load an exported file
    const exported = JSON.parse(await journal.exportJson()) as JournalExport
    expect(exported).toMatchObject({ format: 'cabinet-journal', version: 2 })
    const replayed = replayJournal([addToBasketMachine, catalogueFilterMachine], exported.entries)
    expect(replayed.map((actor) => actor.machine)).toEqual(['addToBasket', 'catalogueFilter'])
    for (const actor of replayed) {
      expect(actor.departure, actor.machine).toBeUndefined()
      expect(actor.mismatchAt, actor.machine).toBeUndefined()
      expect(actor.outcome, actor.machine).toBe('equal')
      expect(actor.values).toEqual(exported.entries.filter((entry) => entry.actor === actor.actor).map((entry) => entry.value))
    }
  })

  it('tells where a replay departs from the journal', async () => {
    vi.useFakeTimers()
    const journal = createJournal()
    await recordBasketSession(journal)
    const entries = (await journal.entries()).map((entry, index) => (index === 2 ? { ...entry, value: { editing: 'added' } } : entry))
    expect(replayJournal([addToBasketMachine], entries)[0]?.mismatchAt).toBe(2)
  })

  it("replays the times the injected clocks gave: the captcha picture's time and the draft's default name come back the same", async () => {
    const journal = createJournal()
    let now = Date.parse('2026-11-24T09:05:30.000Z')
    const clock = createClockActors(() => now)
    const form = createActor(registrationMachine.provide({ actors: { clock: clock.clock } }), { input: { captchaTime: 1 }, inspect: journal.inspect })
    const draft = createActor(draftSaveMachine.provide({ actors: { readClock: clock.readClock } }), { input: { contract: '1' }, inspect: journal.inspect })
    form.start()
    draft.start()
    form.send({ type: 'registration.refreshCaptcha' })
    draft.send({ type: 'draft.open' })
    await vi.waitFor(() => expect(draft.getSnapshot().matches('editing')).toBe(true))
    expect([form.getSnapshot().context.captchaTime, draft.getSnapshot().context.header]).toEqual([now, 'Корзина от 24.11.2026 12:05'])
    form.stop()
    draft.stop()
    // replayed a day later: the times are the journal's, not the replay's
    now += 86_400_000
    const exported = JSON.parse(await journal.exportJson()) as JournalExport
    expect(exported.entries.map((entry) => entry.event.type)).toEqual(expect.arrayContaining(['clock.time', 'xstate.done.actor.readClock']))
    const replayed = replayJournal([registrationMachine, draftSaveMachine], exported.entries)
    expect(replayed.map((actor) => [actor.machine, actor.outcome, actor.departure])).toEqual([
      ['registration', 'equal', undefined],
      ['draftSave', 'equal', undefined],
    ])
  })

  it('never keeps a password: the login event and the form field are masked', async () => {
    const journal = createJournal()
    const actor = createActor(registrationMachine, { input: { captchaTime: 1 }, inspect: journal.inspect })
    actor.start()
    actor.send({ type: 'registration.change', field: 'password', value: 'secret123' })
    actor.send({ type: 'registration.change', field: 'name', value: 'Иван' })
    const session = createActor(sessionMachine, { input: {}, inspect: journal.inspect })
    session.start()
    session.send({ type: 'session.login', email: 'dealer@example.com', password: 'secret123' })
    actor.stop()
    session.stop()
    expect(await journal.exportJson()).not.toContain('secret123')
    const events = (await journal.entries()).map((entry) => entry.event)
    expect(events).toContainEqual({ type: 'registration.change', field: 'password', value: '•••••••••' })
    expect(events).toContainEqual({ type: 'registration.change', field: 'name', value: 'Иван' })
    expect(events).toContainEqual({ type: 'session.login', email: 'dealer@example.com', password: '•••••••••' })
  })

  it("never keeps an invitation link's token: the session's event and the form's start are masked", async () => {
    const journal = createJournal()
    const session = createActor(sessionMachine.provide({ actors: { invitation: invitationMachine } }), { input: {}, inspect: journal.inspect })
    session.start()
    session.send({ type: 'invitation.open', token: 'a1b2c3d4e5' })
    expect(session.getSnapshot().children.invitation?.getSnapshot().context.token).toBe('a1b2c3d4e5')
    session.stop()
    expect(await journal.exportJson()).not.toContain('a1b2c3d4e5')
    expect((await journal.entries()).map((entry) => entry.event)).toContainEqual({ type: 'invitation.open', token: '••••••••••' })
  })

  it('copies the events at an idle moment, not in the hook; reading the journal catches up first', async () => {
    const idleTasks: Array<() => Promise<void>> = []
    const journal = createJournal({ schedule: (task) => idleTasks.push(task) })
    const stringify = vi.spyOn(JSON, 'stringify')
    const session = createActor(sessionMachine, { input: {}, inspect: journal.inspect })
    session.start()
    session.send({ type: 'session.login', email: 'dealer@example.com', password: 'secret123' })
    session.stop()
    expect(stringify).not.toHaveBeenCalled()
    stringify.mockRestore()
    // one idle task for the whole burst of events
    expect(idleTasks).toHaveLength(1)
    await idleTasks[0]!()
    expect((await journal.entries()).map((entry) => entry.event.type)).toEqual(expect.arrayContaining(['xstate.init', 'session.login']))
    expect((await journal.entries()).find((entry) => entry.event.type === 'session.login')?.event).toMatchObject({ password: '•••••••••' })

    // an export made before the next idle moment has the newest entries too
    const before = await journal.size()
    createActor(sessionMachine, { input: {}, inspect: journal.inspect }).start()
    expect(idleTasks).toHaveLength(2)
    expect((JSON.parse(await journal.exportJson()) as JournalExport).entries.length).toBeGreaterThan(before)
  })

  it('keeps only the newest entries past its limit', async () => {
    vi.useFakeTimers()
    const journal = createJournal({ limit: 5 })
    await recordBasketSession(journal)
    expect(await journal.size()).toBe(5)
    expect((await journal.entries()).at(-1)?.event.type).toBe('xstate.stop')
    // an actor whose start was cut off cannot be replayed, and is told as skipped
    expect(replayJournal([addToBasketMachine], await journal.entries()).map((actor) => [actor.outcome, actor.note])).toEqual([
      ['skipped', "started before the journal's window"],
    ])

    const bySize = createJournal({ maxChars: 1_000 })
    await recordBasketSession(bySize)
    const kept = await bySize.entries()
    expect(kept.length).toBeLessThan(12)
    expect(kept.reduce((sum, entry) => sum + JSON.stringify(entry).length, 0)).toBeLessThanOrEqual(1_000)
    expect(kept.at(-1)?.event.type).toBe('xstate.stop')
  })
})
