import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, type AnyMachineSnapshot } from 'xstate'
import { DRAFT_HEADER_MAX_LENGTH } from '../../src/contract/draft-header'
import { DRAFT_MESSAGES, type AddToDraftRequest, type Draft } from '../../src/contract/drafts'
import { draftHeaderProblem, draftSaveMachine, type DraftSaveContext } from '../../src/machines/draft-save.machine'
import { TIMINGS } from '../../src/machines/timings'
import { createClockActors } from '../../src/services/clock'
import { ApiCallError } from '../../src/services/http'
import { deferred } from '../support/deferred'
import { describeMachinePaths, type EventCases } from '../support/path-testing'

// 24.11.2026 12:05 in Moscow (UTC+3)
const NOW = '2026-11-24T09:05:30.000Z'
const DEFAULT_HEADER = 'Корзина от 24.11.2026 12:05'
const DRAFT: Draft = { id: 31, header: DEFAULT_HEADER, count: 2, contract: '1', created_at: NOW }
const FAILURE = 'Корзина пуста'

const cases: EventCases = {
  'draft.open': [{ type: 'draft.open' }],
  // the clock the app provides answers with the time of the default name
  'xstate.done.actor.readClock': [{ type: 'xstate.done.actor.readClock', output: NOW }],
  // an empty name, then a valid one
  'draft.change': [
    { type: 'draft.change', header: '   ' },
    { type: 'draft.change', header: 'Объект на Лесной' },
  ],
  // the basket has saved the quantities typed before the name was sent
  'xstate.done.actor.awaitBasketSaved': [{ type: 'xstate.done.actor.awaitBasketSaved' }],
  'xstate.done.actor.saveDraft': [{ type: 'xstate.done.actor.saveDraft', output: DRAFT }],
  'xstate.error.actor.saveDraft': [{ type: 'xstate.error.actor.saveDraft', error: new ApiCallError(FAILURE, 400) }],
}

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as DraftSaveContext

describeMachinePaths(draftSaveMachine, {
  cases,
  input: { contract: '1' },
  // the name matters (empty or not): it decides where "Сохранить" goes
  serializeState: (state, event, prev) => {
    const key = `${JSON.stringify(state.value)} ${contextOf(state).header.trim() === '' ? 'empty' : 'named'}`
    return event && prev ? `${key} via ${event.type} from ${JSON.stringify(prev.value)}` : key
  },
  assertStep: (snapshot) => {
    const context = contextOf(snapshot)
    expect(context.contract).toBe('1')
    if (snapshot.matches({ editing: 'invalid' })) expect(context.problem).toBe(DRAFT_MESSAGES.headerRequired)
    else expect(context.problem).toBeNull()
    if (snapshot.matches({ editing: 'failed' })) expect(context.errorMessage).toBe(FAILURE)
    if (snapshot.matches('saved')) expect(context.draft).toEqual(DRAFT)
  },
})

describe('draftSave beyond the paths', () => {
  it('the "saved" message hides by itself after 1.5 s (spec §9)', async () => {
    vi.useFakeTimers()
    try {
      const actor = createActor(
        draftSaveMachine.provide({
          actors: { readClock: fromPromise(() => Promise.resolve(NOW)), saveDraft: fromPromise(() => Promise.resolve(DRAFT)) },
        }),
        { input: { contract: '1' } },
      ).start()
      actor.send({ type: 'draft.open' })
      await vi.advanceTimersByTimeAsync(0)
      actor.send({ type: 'draft.save' })
      await vi.advanceTimersByTimeAsync(0)
      expect(actor.getSnapshot().value).toBe('saved')
      await vi.advanceTimersByTimeAsync(TIMINGS.savedMessageMs - 1)
      expect(actor.getSnapshot().value).toBe('saved')
      await vi.advanceTimersByTimeAsync(1)
      expect(actor.getSnapshot().value).toBe('closed')
      expect(TIMINGS.savedMessageMs).toBe(1_500)
      actor.stop()
    } finally {
      vi.useRealTimers()
    }
  })

  it('sends the name only once the basket has saved the quantity typed before', async () => {
    const basketSaved = deferred<void>()
    const requests: AddToDraftRequest[] = []
    const actor = createActor(
      draftSaveMachine.provide({
        actors: {
          readClock: fromPromise(() => Promise.resolve(NOW)),
          awaitBasketSaved: fromPromise(() => basketSaved.promise),
          saveDraft: fromPromise(({ input }: { input: AddToDraftRequest }) => {
            requests.push(input)
            return Promise.resolve(DRAFT)
          }),
        },
      }),
      { input: { contract: '1' } },
    ).start()
    actor.send({ type: 'draft.open' })
    await vi.waitFor(() => expect(actor.getSnapshot().matches('editing')).toBe(true))
    actor.send({ type: 'draft.save' })
    await Promise.resolve()
    expect(actor.getSnapshot().value).toEqual({ saving: 'waitingForBasket' })
    expect(requests).toEqual([])
    basketSaved.resolve()
    await vi.waitFor(() => expect(actor.getSnapshot().matches('saved')).toBe(true))
    expect(requests).toEqual([{ header: DEFAULT_HEADER, contract: '1' }])
    actor.stop()
  })

  it('prefills "Корзина от dd.mm.yyyy hh:mm" in Moscow time, read from the injected clock', async () => {
    let now = Date.parse(NOW)
    const actor = createActor(draftSaveMachine.provide({ actors: { readClock: createClockActors(() => now).readClock } }), {
      input: { contract: '1' },
    }).start()
    actor.send({ type: 'draft.open' })
    expect(actor.getSnapshot().value).toBe('opening')
    await vi.waitFor(() => expect(actor.getSnapshot().matches('editing')).toBe(true))
    expect(actor.getSnapshot().context.header).toBe(DEFAULT_HEADER)
    // a minute before midnight UTC is already the next day in Moscow
    actor.send({ type: 'draft.cancel' })
    now = Date.parse('2026-12-31T21:30:00.000Z')
    actor.send({ type: 'draft.open' })
    await vi.waitFor(() => expect(actor.getSnapshot().matches('editing')).toBe(true))
    expect(actor.getSnapshot().context.header).toBe('Корзина от 01.01.2027 00:30')
    actor.stop()
  })

  it('requires a name and caps its length, as the server does', () => {
    expect(draftHeaderProblem('')).toBe(DRAFT_MESSAGES.headerRequired)
    expect(draftHeaderProblem(' \t ')).toBe(DRAFT_MESSAGES.headerRequired)
    expect(draftHeaderProblem('x'.repeat(DRAFT_HEADER_MAX_LENGTH))).toBeNull()
    expect(draftHeaderProblem(` ${'x'.repeat(DRAFT_HEADER_MAX_LENGTH)} `)).toBeNull()
    expect(draftHeaderProblem('x'.repeat(DRAFT_HEADER_MAX_LENGTH + 1))).toBe(DRAFT_MESSAGES.headerTooLong)
  })

  it('sends the trimmed name with the contract, and keeps the name when the server refuses', async () => {
    const requests: AddToDraftRequest[] = []
    let fail = true
    const actor = createActor(
      draftSaveMachine.provide({
        actors: {
          readClock: createClockActors(() => Date.parse(NOW)).readClock,
          saveDraft: fromPromise(({ input }: { input: AddToDraftRequest }) => {
            requests.push(input)
            if (fail) return Promise.reject(new ApiCallError('Нет связи с сервером', 0))
            return Promise.resolve({ ...DRAFT, header: String(input.header) })
          }),
        },
      }),
      { input: { contract: '7' } },
    ).start()
    actor.send({ type: 'draft.open' })
    await vi.waitFor(() => expect(actor.getSnapshot().matches('editing')).toBe(true))
    actor.send({ type: 'draft.change', header: '' })
    actor.send({ type: 'draft.save' })
    expect(actor.getSnapshot().matches({ editing: 'invalid' })).toBe(true)
    expect(requests).toEqual([])
    actor.send({ type: 'draft.change', header: '  Объект на Лесной  ' })
    expect(actor.getSnapshot().matches({ editing: 'ready' })).toBe(true)
    actor.send({ type: 'draft.save' })
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ editing: 'failed' })).toBe(true))
    expect(actor.getSnapshot().context.header).toBe('  Объект на Лесной  ')
    fail = false
    actor.send({ type: 'draft.save' })
    await vi.waitFor(() => expect(actor.getSnapshot().matches('saved')).toBe(true))
    expect(requests).toEqual([
      { header: 'Объект на Лесной', contract: '7' },
      { header: 'Объект на Лесной', contract: '7' },
    ])
    expect(actor.getSnapshot().context.draft?.header).toBe('Объект на Лесной')
    actor.stop()
  })
})
