import { expect, it } from 'vitest'
import { createActor, fromPromise, waitFor, type AnyMachineSnapshot } from 'xstate'
import type { BulkOutcome } from '../../src/contract/bulk'
import { bulkActionMachine, type BulkActionContext, type BulkActionInput } from '../../src/machines/bulk-action.machine'
import { ApiCallError } from '../../src/services/http'
import { describeMachinePaths, type EventCases } from '../support/path-testing'

const BASKET = { basket: { count: 3, sum: 9_000 }, contract: '1' }
const ALL_DONE: BulkOutcome = { done: [41, 42], failed: [], count: 5, baskets: [BASKET] }
const PARTLY: BulkOutcome = { done: [41], failed: [{ id: 42, message: 'Товаров нет в наличии' }], count: 2, baskets: [BASKET] }
const FAILED = 'Нет связи с сервером. Проверьте подключение и повторите.'

const cases: EventCases = {
  'xstate.done.actor.runBulk': [ALL_DONE, PARTLY].map((output) => ({ type: 'xstate.done.actor.runBulk', output })),
  'xstate.error.actor.runBulk': [{ type: 'xstate.error.actor.runBulk', error: new ApiCallError(FAILED, 0) }],
}

const items = [
  { id: 41, label: 'Заказ № 41', contract: '1' },
  { id: 42, label: 'Заказ № 42', contract: '1' },
]

const assertStep = (snapshot: AnyMachineSnapshot) => {
  const context = snapshot.context as BulkActionContext
  if (snapshot.matches({ reported: 'done' })) expect(context.outcome).toEqual(ALL_DONE)
  if (snapshot.matches({ reported: 'partlyFailed' })) expect(context.outcome).toEqual(PARTLY)
  if (snapshot.matches('failed')) expect(context.errorMessage).toBe(FAILED)
}

// a repeat runs at once; a removal asks first: together they walk every state and transition
describeMachinePaths(bulkActionMachine, {
  cases,
  input: { kind: 'ordersRepeat', items } satisfies BulkActionInput,
  assertStep,
  expectFullCoverage: false,
  report: false,
})
describeMachinePaths(bulkActionMachine, { cases, input: { kind: 'draftsRemove', items } satisfies BulkActionInput, assertStep })

it('tells the shell every basket the action changed, and hands the parent the rows done', async () => {
  const told: unknown[] = []
  const actor = createActor(
    bulkActionMachine.provide({
      actors: { runBulk: fromPromise(async () => PARTLY) },
      actions: { notifyBasketChanged: (_, params) => void told.push(params.outcome.baskets) },
    }),
    { input: { kind: 'ordersRepeat', items } },
  ).start()
  await waitFor(actor, (snapshot) => snapshot.matches({ reported: 'partlyFailed' }))
  expect(told).toEqual([[BASKET]])
  actor.send({ type: 'dialog.close' })
  expect(actor.getSnapshot().output).toEqual({ done: [41] })
})

it('a removal does nothing until confirmed, and nothing at all when cancelled', () => {
  let calls = 0
  const actor = createActor(
    bulkActionMachine.provide({
      actors: {
        runBulk: fromPromise(async () => {
          calls++
          return ALL_DONE
        }),
      },
    }),
    { input: { kind: 'favoritesRemove', items } },
  ).start()
  expect(actor.getSnapshot().matches('asking')).toBe(true)
  actor.send({ type: 'bulk.cancel' })
  expect(actor.getSnapshot().output).toEqual({ done: [] })
  expect(calls).toBe(0)
})
