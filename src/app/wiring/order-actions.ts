import { createOrderCancelActors, createOrderRepeatActors } from '../../services/orders'
import type { Http } from '../../services/http'
import { deferredLogic, loadCodeOf, loadOnce } from './deferred-logic'

/**
 * One order's cancel and repeat, each its machine provided with its call, and `loadOrderActionCode`,
 * which loads both: neither is in the orders list's first load, the list waits for them when the
 * dealer first presses «Отменить» or «Повторить».
 */
export function deferredOrderActions(http: Http) {
  const code = loadOnce(() => Promise.all([import('../../machines/order-cancel.machine'), import('../../machines/order-repeat.machine')]))
  const cancel = deferredLogic(() => code().then(([{ orderCancelMachine }]) => orderCancelMachine.provide({ actors: createOrderCancelActors({ http }) })))
  const repeat = deferredLogic(() => code().then(([, { orderRepeatMachine }]) => orderRepeatMachine.provide({ actors: createOrderRepeatActors({ http }) })))
  return {
    orderCancel: cancel.logic,
    orderRepeat: repeat.logic,
    loadOrderActionCode: loadCodeOf({ load: () => cancel.load().then(repeat.load) }),
  }
}
