import { expect } from 'vitest'
import type { AnyMachineSnapshot } from 'xstate'
import type { OrderDetail } from '../../src/contract/order-actions'
import { orderDetailMachine, type OrderDetailContext } from '../../src/machines/order-detail.machine'
import { ApiCallError } from '../../src/services/http'
import { describeMachinePaths } from '../support/path-testing'
import { ORDER } from '../support/order-paths'

const DETAIL: OrderDetail = {
  order: ORDER,
  delivery: {
    method: 'Доставка транспортной компанией',
    company: 'ПЭК',
    region: 'Москва и Московская область',
    address: 'г. Москва, ул. Лесная, 5',
    consignee: 'Петров Пётр',
  },
  comment: 'Разгрузка силами получателя',
  lines: [{ product_id: 11, header: 'Перфоратор SDS-plus 800 Вт', articul: 'PF-800', wms: 1, warehouse: 'Склад Парнас', qnt: 2, price: 9_225, sum: 18_450 }],
}

describeMachinePaths(orderDetailMachine, {
  cases: {
    'xstate.done.actor.loadDetail': [{ type: 'xstate.done.actor.loadDetail', output: DETAIL }],
    'xstate.error.actor.loadDetail': [{ type: 'xstate.error.actor.loadDetail', error: new ApiCallError('Заказ не найден', 404) }],
  },
  input: { id: ORDER.id },
  assertStep: (snapshot: AnyMachineSnapshot) => {
    const context = snapshot.context as OrderDetailContext
    if (snapshot.matches('loaded')) expect(context.detail).toEqual(DETAIL)
    if (snapshot.matches('failed')) expect(context.errorMessage).toBe('Заказ не найден')
  },
})
