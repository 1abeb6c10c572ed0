import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { orderCancelMachine } from '../../src/machines/order-cancel.machine'
import { createJournal, type JournalEntry } from '../../src/services/journal'
import { machineVersion } from '../../src/services/journal-format'
import { activeStatePaths, actorSteps, changedKeys, durationText } from '../../scripts/atlas/viewer/actor-steps'
import { readJournalFile } from '../../scripts/atlas/viewer/journal-file'
import { departureText, olderBuildText, replaySummary } from '../../scripts/atlas/viewer/replay-words'
import { viewJournal } from '../../scripts/atlas/viewer/viewed-actors'
import { CANCEL_COMMENT, CANCELLED, ORDER } from '../support/order-paths'

/** A dealer cancels an order: the dialog opens, 1.5 s later they confirm, the server answers 0.25 s after. */
async function cancelJournal(): Promise<JournalEntry[]> {
  vi.useFakeTimers({ now: new Date('2026-11-27T09:00:00Z') })
  const journal = createJournal()
  const machine = orderCancelMachine.provide({
    actors: { cancelOrder: fromPromise(() => new Promise((resolve) => setTimeout(() => resolve({ order: CANCELLED }), 250))) },
  })
  const actor = createActor(machine, { input: { order: ORDER }, inspect: journal.inspect })
  actor.start()
  await vi.advanceTimersByTimeAsync(1_500)
  actor.send({ type: 'cancel.confirm', comment: CANCEL_COMMENT })
  await vi.advanceTimersByTimeAsync(250)
  expect(actor.getSnapshot().value).toBe('cancelled')
  return [...(await journal.entries())]
}

const viewedCancel = (entries: JournalEntry[]) => {
  const viewed = viewJournal([orderCancelMachine], entries).find((actor) => actor.replayed.machine === 'orderCancel')!
  return { viewed, steps: actorSteps(viewed.replayed.entries, viewed.checked) }
}

describe("the atlas's journal viewer", () => {
  afterEach(() => vi.useRealTimers())

  it("steps through an actor's events with their times, states and changed context keys", async () => {
    const { viewed, steps } = viewedCancel(await cancelJournal())
    expect(viewed.replayed.outcome).toBe('equal')
    expect(viewed.olderBuild).toBeUndefined()
    expect(replaySummary(viewed)).toBe('the same as the machine computes')
    expect(steps.map((step) => [step.entry.event.type, step.activeStates, step.sincePrevious])).toEqual([
      ['xstate.init', ['confirming'], null],
      ['cancel.confirm', ['cancelling'], 1_500],
      ['xstate.done.actor.cancelOrder', ['cancelled'], 250],
    ])
    expect(steps.map((step) => step.changed)).toEqual([[], ['comment'], ['cancelled']])
    expect(steps[1]!.context).toMatchObject({ comment: CANCEL_COMMENT, cancelled: null })
    expect(steps.some((step) => step.departure || step.uncompared)).toBe(false)
  })

  it('marks the step whose recorded state the machine does not compute, and the steps after it as not compared', async () => {
    const entries = await cancelJournal()
    const confirm = entries.find((entry) => entry.event.type === 'cancel.confirm')!
    confirm.value = 'failed'
    const { viewed, steps } = viewedCancel(entries)
    expect(replaySummary(viewed)).toBe('departs at step 2')
    expect(steps[1]!.departure).toMatchObject({ part: 'value', journal: 'failed', replay: 'cancelling' })
    expect(steps.map((step) => step.uncompared)).toEqual([false, false, true])
  })

  it('says in words what departs: a context key, an event the machine does not get, a step it never reaches', async () => {
    const entries = await cancelJournal()
    const confirm = entries.find((entry) => entry.event.type === 'cancel.confirm')!
    confirm.context = { ...(confirm.context as object), comment: 'другое' }
    const { steps } = viewedCancel(entries)
    expect(departureText(steps[1]!.departure!)).toBe(`context.comment differs: the journal recorded "другое", the machine computes "${CANCEL_COMMENT}"`)
    const at = { entryIndex: 2, event: 'dialog.close' }
    expect(departureText({ ...at, part: 'event', journal: 'dialog.close', replay: 'cancel.confirm' })).toBe(
      'the machine gets another event here: the journal has "dialog.close", the machine "cancel.confirm"',
    )
    expect(departureText({ ...at, part: 'missing', journal: 'dialog.close', replay: null })).toBe('the machine never reaches this step')
  })

  it('says a journal of another build of the machine plainly: both versions, and what no longer matches', async () => {
    const current = machineVersion(orderCancelMachine)
    const stamped = (entries: JournalEntry[]) => entries.map((entry) => ({ ...entry, version: 'old1' }))
    const same = viewedCancel(stamped(await cancelJournal())).viewed
    expect(same.replayed.outcome).toBe('build')
    expect(same.olderBuild).toEqual({ recorded: 'old1', current })
    expect(olderBuildText(same)).toBe(
      `orderCancel (${same.replayed.actor}): recorded by version old1, this atlas has version ${current}. Its 3 events still replay the same on this build.`,
    )
    vi.useRealTimers()

    const departing = stamped(await cancelJournal())
    departing.find((entry) => entry.event.type === 'cancel.confirm')!.value = 'failed'
    const { viewed, steps } = viewedCancel(departing)
    expect(replaySummary(viewed)).toBe('older build, departs at step 2')
    expect(olderBuildText(viewed)).toContain(
      'What no longer matches: step 2 (cancel.confirm), the state differs: the journal recorded "failed", the machine computes "cancelling".',
    )
    expect(steps[1]!.departure?.part).toBe('value')
  })

  it('reads only journals of the cabinet, of a known format', () => {
    expect(readJournalFile('{')).toEqual({ error: expect.stringMatching(/^The file is not JSON/) })
    expect(readJournalFile('{"format":"other","entries":[]}')).toEqual({ error: expect.stringMatching(/^The file is not a journal of the cabinet/) })
    expect(readJournalFile('{"format":"cabinet-journal","version":3,"entries":[]}')).toEqual({ error: expect.stringContaining('format 3 is unknown') })
    expect(readJournalFile('{"format":"cabinet-journal","version":2,"exportedAt":"x","entries":[]}')).toEqual({
      journal: { format: 'cabinet-journal', version: 2, exportedAt: 'x', entries: [] },
    })
  })

  it('names the active states of nested and parallel values, the changed keys, and durations', () => {
    expect(activeStatePaths({ editing: { quantity: 'ready' }, popup: 'hidden' })).toEqual([
      'editing',
      'editing.quantity',
      'editing.quantity.ready',
      'popup',
      'popup.hidden',
    ])
    expect(changedKeys({ a: 1, b: [1] }, { a: 1, b: [2], c: null })).toEqual(['b', 'c'])
    expect(changedKeys(undefined, undefined)).toEqual([])
    expect([250, 12_400, 185_000, 3_720_000].map(durationText)).toEqual(['+0.25 s', '+12 s', '+3 min 05 s', '+1 h 02 min'])
  })
})
