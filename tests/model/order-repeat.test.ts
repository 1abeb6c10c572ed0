import { expect, it } from 'vitest'
import { createActor, fromPromise, waitFor, type AnyMachineSnapshot } from 'xstate'
import type { BasketSummary } from '../../src/contract/account'
import { orderRepeatMachine, type OrderRepeatContext } from '../../src/machines/order-repeat.machine'
import { describeMachinePaths } from '../support/path-testing'
import { ADDED, NO_STOCK, ORDER, REPEAT_FAILED, repeatCases } from '../support/order-paths'

describeMachinePaths(orderRepeatMachine, {
  cases: repeatCases,
  input: { order: ORDER },
  assertStep: (snapshot: AnyMachineSnapshot) => {
    const context = snapshot.context as OrderRepeatContext
    if (snapshot.matches({ repeated: 'added' })) expect(context.repeat).toEqual(ADDED)
    if (snapshot.matches({ repeated: 'noStock' })) expect(context.repeat).toEqual(NO_STOCK)
    if (snapshot.matches('failed')) expect(context.errorMessage).toBe(REPEAT_FAILED)
  },
})

it("tells the header the basket of the order's contract", async () => {
  const told: { basket: BasketSummary; contract: string }[] = []
  const actor = createActor(
    orderRepeatMachine.provide({
      actors: { repeatOrder: fromPromise(async () => ADDED) },
      actions: { notifyBasketChanged: (_, params) => void told.push(params) },
    }),
    { input: { order: ORDER } },
  ).start()
  await waitFor(actor, (snapshot) => snapshot.matches({ repeated: 'added' }))
  expect(told).toEqual([{ basket: ADDED.basket, contract: '1' }])
  actor.send({ type: 'dialog.close' })
  expect(actor.getSnapshot().status).toBe('done')
})
