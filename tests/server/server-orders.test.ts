import { describe, expect, it } from 'vitest'
import type { InitData } from '../../src/contract/account'
import { ORDERS_FIRST_PAGE_ADDRESS } from '../../src/contract/boot-answers'
import type { OrderList, OrderRow } from '../../src/contract/orders'
import { ORDERS_EMPTY } from '../../src/contract/orders-list-view'
import { formatMoney } from '../../src/contract/ru-numbers'
import { dealerDayOf } from '../../server/routes/server-drawing'
import { serverOrdersHtml } from '../../server/routes/server-orders'
import { TIME_ZONE_COOKIE } from '../../src/contract/frame'

const contract = { id: '7', header: 'Договор № 7 <от> «А & Б»', contragent: 'ООО «Ромашка»' }

const initData = (disabledMenus: string[] = []): InitData => ({
  account: { id: 1, email: 'a@b.example', name: 'Иванов', phone: '', type_id: '1', company: 'ООО «Ромашка»', inn: '', disabledMenus, contracts: [contract] },
  contracts: [contract],
  selectedContract: '7',
  warehouses: [],
  basket: { count: 0, sum: 0 },
})

const order = (id: number, values: Partial<OrderRow> = {}): OrderRow => ({
  id,
  state: 1,
  status: 'Новый',
  contract: '7',
  sum: 1234.5,
  count: 3,
  created_at: '2026-11-20',
  paid: false,
  ...values,
})

const list = (orders: OrderRow[], pages = 1): OrderList => ({
  orders,
  states: [
    { id: 1, header: 'Новый' },
    { id: 3, header: 'Отгружен' },
  ],
  contracts: [contract],
  count: orders.length,
  pagination: { page: 1, perpage: 10, pages },
})

const drawn = (answer: OrderList | undefined, path = '/cabinet/orders/', data = initData()) =>
  serverOrdersHtml(answer ? { [ORDERS_FIRST_PAGE_ADDRESS]: answer } : {}, path, data, dealerDayOf({}))

describe('the orders’ first page the server draws', () => {
  it('draws a row per order with what its cells say, a dealer’s text as text', () => {
    const html = drawn(list([order(12, { status: 'Новый, ждёт менеджера' }), order(11, { state: 3, status: 'Отгружен', paid: true })]))
    expect(html).toMatch(/^<section class="page_\w+ page_\w+" aria-labelledby="server-orders-title">/)
    expect(html).toContain('>Найдено: 2 заказа</p>')
    expect(html).toContain('<tr aria-label="Заказ № 12">')
    expect(html).toContain('<td data-label="Договор" class="contract_')
    expect(html).toContain('Договор № 7 &#60;от&#62; «А &#38; Б»</td>')
    expect(html).not.toContain('<от>')
    expect(html).toContain('>Новый, ждёт менеджера</span>')
    expect(html).toContain('<td data-label="Оплата">Оплачен</td>')
    expect(html).toContain(`>${formatMoney(1234.5)}</td>`)
    expect(html).toContain('>20.11.2026</span>')
    // a shipped order cannot be cancelled; both can be repeated
    expect(html).toContain('aria-label="Отменить заказ № 12"')
    expect(html).not.toContain('aria-label="Отменить заказ № 11"')
    expect(html).toContain('aria-label="Повторить заказ № 11"')
    expect(html).toMatch(/<option value="week" selected>За неделю<\/option>/)
    expect(html).toContain('<option value="3">Отгружен</option>')
    expect(html).not.toContain('aria-label="Страницы"')
  })

  it('offers no «Повторить» where the account’s basket is closed', () => {
    const html = drawn(list([order(5)]), '/cabinet/orders/', initData(['cart']))
    expect(html).not.toContain('Повторить')
    expect(html).toContain('aria-label="Отменить заказ № 5"')
  })

  it('draws the pagination of the first page: «previous» disabled, page 1 current', () => {
    const html = drawn(list([order(1)], 15)) ?? ''
    const cells = [...html.matchAll(/aria-label="Страница (\d+)"/g)].map(([, page]) => Number(page))
    expect(cells).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 15])
    expect(html).toContain('aria-label="Предыдущая страница" role="link" aria-disabled="true">')
    expect(html).toContain('aria-label="Страница 1" aria-current="page" href="/cabinet/orders/?page=1"')
    expect(html).toContain('aria-label="Следующая страница" href="/cabinet/orders/?page=2"')
    expect(html).toContain('aria-hidden="true">…</span>')
  })

  it('says so when the week holds no orders', () => {
    const html = drawn(list([]))
    expect(html).toContain(`role="status"><p class="title_`)
    expect(html).toContain(ORDERS_EMPTY.hint)
    expect(html).not.toContain('<table')
  })

  it('draws nothing for an address with a filter or a page in it, or without the first page’s answer', () => {
    expect(drawn(list([order(1)]), '/cabinet/orders/?page=2')).toBeUndefined()
    expect(drawn(list([order(1)]), '/cabinet/orders/?dateselect=all')).toBeUndefined()
    expect(drawn(undefined)).toBeUndefined()
    expect(serverOrdersHtml({ [ORDERS_FIRST_PAGE_ADDRESS]: { orders: 'none' } }, '/cabinet/orders/', initData(), dealerDayOf({}))).toBeUndefined()
  })

  it('writes an order’s date on the calendar of the zone the browser told, else Moscow’s, whatever the server’s own zone', () => {
    const lateEvening = list([order(3, { created_at: '2026-11-28T22:30:00.000Z' })])
    const dateOf = (timeZone?: string) =>
      /class="date_\w+">([^<]+)</.exec(
        serverOrdersHtml({ [ORDERS_FIRST_PAGE_ADDRESS]: lateEvening }, '/cabinet/orders/', initData(), dealerDayOf({ [TIME_ZONE_COOKIE]: timeZone })) ?? '',
      )?.[1]
    expect(dateOf(undefined)).toBe('29.11.2026')
    expect(dateOf('America/New_York')).toBe('28.11.2026')
    expect(dateOf('Asia/Vladivostok')).toBe('29.11.2026')
    // a zone no browser has, or a value that did not decode (the cookie parser leaves it as written): Moscow's calendar
    expect(dateOf('Mars/Olympus')).toBe('29.11.2026')
    expect(dateOf('%E0%A4%A')).toBe('29.11.2026')
    expect(dealerDayOf({ [TIME_ZONE_COOKIE]: 'America/New_York' })('2026-11-20')).toBe('20.11.2026')
    expect(dealerDayOf({})('not a date')).toBe('not a date')
  })
})
