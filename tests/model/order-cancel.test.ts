import { expect } from 'vitest'
import type { AnyMachineSnapshot } from 'xstate'
import { orderCancelMachine, type OrderCancelContext } from '../../src/machines/order-cancel.machine'
import { describeMachinePaths } from '../support/path-testing'
import { CANCEL_COMMENT, CANCEL_REFUSED, CANCELLED, ORDER, cancelCases } from '../support/order-paths'

describeMachinePaths(orderCancelMachine, {
  cases: cancelCases,
  input: { order: ORDER },
  assertStep: (snapshot: AnyMachineSnapshot) => {
    const context = snapshot.context as OrderCancelContext
    expect(context.order).toEqual(ORDER)
    if (snapshot.matches('cancelling')) expect(context.comment).toBe(CANCEL_COMMENT)
    if (snapshot.matches('failed')) expect(context.errorMessage).toBe(CANCEL_REFUSED)
    if (snapshot.matches('cancelled')) expect(snapshot.output).toEqual({ order: CANCELLED })
    if (snapshot.matches('closed')) expect(snapshot.output).toEqual({ order: null })
  },
})
