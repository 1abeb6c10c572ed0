import type { InitData } from '../../src/contract/account'
import { ORDERS_FIRST_PAGE_ADDRESS } from '../../src/contract/boot-answers'
import { contractChoices } from '../../src/contract/contract-choices'
import { BASKET_KEY, closedMenuKeys } from '../../src/contract/menu'
import { minutesSeconds } from '../../src/contract/minutes-seconds'
import { ORDER_PERIODS, orderListSchema, type OrderList, type OrderRow } from '../../src/contract/orders'
import { ORDERS_EMPTY, ORDER_PERIOD_LABELS, orderRowTexts, ordersCaptionOf } from '../../src/contract/orders-list-view'
import { ORDERS_FIRST_FILTER, ORDERS_POLL_MS } from '../../src/contract/order-periods'
import { paginationCells } from '../../src/contract/pagination-cells'
import { formatInteger, formatMoney } from '../../src/contract/ru-numbers'
import { classesOf, escaped, icon } from './server-drawing'

/**
 * The orders screen's first page (src/views/orders: orders-page, orders-filter-form, orders-table,
 * and the ui parts they use) as the SPA first shows it for /cabinet/orders/ with no filter in the
 * address, drawn by the server from the page's boot answer into the frame's <main>, so that a phone
 * paints the list, the screen's largest element, with the page (issue 24: LCP). Inert like the
 * frame: the SPA's screen replaces it once it shows its list (framed-page.ts). The countdown shows
 * the full period, as the SPA's does when its list arrives. tests/e2e/server-frame.spec.ts compares
 * the two element by element.
 */

const orders = classesOf('orders/orders')
const listPage = classesOf('ui/list-page')
const heading = classesOf('ui/page-heading')
const disclosure = classesOf('ui/filter-disclosure')
const formField = classesOf('ui/form-field')
const dataTable = classesOf('ui/data-table')
const cardList = classesOf('ui/card-list')
const selection = classesOf('ui/selection-bar')
const pagination = classesOf('ui/pagination')
const emptyState = classesOf('ui/empty-state')
const button = classesOf('ui/button')

const ICONS = { filter: 'M4 5h16l-6 7.5V19l-4-2v-4.5z', left: 'M15 18l-6-6 6-6', right: 'M9 18l6-6-6-6' } as const
const VISUALLY_HIDDEN = `${orders('visuallyHidden')} visually-hidden`
const INPUT = `${orders('input')} ${formField('input')}`

const options = (choices: readonly { value: string; label: string }[], selected: string) =>
  choices.map(({ value, label }) => `<option value="${escaped(value)}"${value === selected ? ' selected' : ''}>${escaped(label)}</option>`).join('')

const field = (label: string, control: string) => `<label class="${orders('field')}"><span class="${orders('label')}">${label}</span>${control}</label>`

const select = (name: string, choices: readonly { value: string; label: string }[], selected: string) =>
  `<select name="${name}" class="${INPUT}">${options(choices, selected)}</select>`

const input = (name: string, attributes: string) => `<input ${attributes}class="${INPUT}" value="" name="${name}">`

/** The filter form with the address's defaults (spec §3 Order filter), folded behind «Фильтры» on a phone. */
function filterHtml(initData: InitData, list: OrderList): string {
  const filter = ORDERS_FIRST_FILTER
  const form =
    `<form class="${orders('filter')}" aria-label="Фильтр заказов" novalidate="">` +
    field('Договор', select('contract', contractChoices(initData.contracts), filter.contract)) +
    field('Артикул', input('article', 'maxlength="100" ')) +
    field(
      'Период',
      select(
        'dateselect',
        ORDER_PERIODS.map((period) => ({ value: period, label: ORDER_PERIOD_LABELS[period] })),
        filter.dateselect,
      ),
    ) +
    field('Дата с', input('start_date', 'placeholder="дд.мм.гггг" inputmode="numeric" maxlength="10" ')) +
    field('Дата по', input('end_date', 'placeholder="дд.мм.гггг" inputmode="numeric" maxlength="10" ')) +
    field('Номер заказа или счёта', input('search_doc', 'maxlength="100" type="search" ')) +
    field(
      'Оплата',
      select(
        'paid',
        [
          { value: '', label: 'Все' },
          { value: '1', label: 'Оплачен' },
          { value: '0', label: 'Не оплачен' },
        ],
        filter.paid,
      ),
    ) +
    field(
      'Состояние',
      select(
        'state',
        [{ value: '0', label: 'Все' }, ...list.states.map((state) => ({ value: String(state.id), label: state.header }))],
        String(filter.state),
      ),
    ) +
    `<div class="${orders('filterActions')}"><button type="submit" class="${button('button', 'primary')}">Найти</button><button type="button" class="${button('button')}">Сбросить</button></div></form>`
  return (
    `<div class="${disclosure('filters', 'foldBelowPhone')}" data-open="false"><span class="${disclosure('toggle')}">` +
    `<button aria-expanded="false" aria-controls="server-orders-filter" type="button" class="${button('button')}">${icon(ICONS.filter, 16)}Фильтры</button></span>` +
    `<div id="server-orders-filter" class="${disclosure('body')}">${form}</div></div>`
  )
}

const MARKER_CLASSES = { success: orders('success'), danger: orders('danger'), primary: orders('primary') } as const

const COLUMN_TITLES =
  `<th scope="col" class="${dataTable('stickyName')}" data-caption="true">Заказ, дата</th><th scope="col">Договор</th><th scope="col">Состояние</th>` +
  `<th scope="col">Оплата</th><th scope="col" class="${dataTable('number')}">Товаров</th><th scope="col" class="${dataTable('number')}">Сумма</th>` +
  `<th scope="col"><span class="${VISUALLY_HIDDEN}">Действия</span></th>`

const CHEVRON = `<svg class="${orders('chevron')}" width="12" height="12" viewBox="0 0 12 12" aria-hidden="true"><path d="M4 2l4 4-4 4" fill="none" stroke="currentColor" stroke-width="1.6"></path></svg>`

function rowHtml(order: OrderRow, list: OrderList, canFillBasket: boolean, dayOf: (iso: string) => string): string {
  const row = orderRowTexts(order, list)
  const badge = `<span class="${orders('badge')}${row.marker ? ` ${MARKER_CLASSES[row.marker]}` : ''}" data-state="${order.state}">${escaped(row.stateName)}</span>`
  const note = row.statusNote === null ? '' : `<span class="${orders('status')}">${escaped(row.statusNote)}</span>`
  const actions =
    (canFillBasket ? `<button aria-label="Повторить заказ № ${order.id}" type="button" class="${button('button', 'primary')}">Повторить</button>` : '') +
    (row.canCancel ? `<button aria-label="Отменить заказ № ${order.id}" type="button" class="${button('button')}">Отменить</button>` : '')
  return (
    `<tr aria-label="${escaped(row.label)}"><td class="${selection('checkCell')}"><input aria-label="Выбрать заказ № ${order.id}" type="checkbox"></td>` +
    `<th scope="row" class="${orders('number')} ${dataTable('stickyName')}"><button class="${orders('expand')}" type="button" aria-expanded="false" aria-label="Состав заказа № ${order.id}">${CHEVRON} № ${order.id}</button>` +
    `<span class="${orders('date')}">${escaped(dayOf(order.created_at))}</span></th>` +
    `<td data-label="Договор" class="${orders('contract')}">${escaped(row.contractName)}</td>` +
    `<td data-label="Состояние"><div>${badge}${note}</div></td>` +
    `<td data-label="Оплата">${row.paidText}</td>` +
    `<td data-label="Товаров" class="${dataTable('number')}">${formatInteger(order.count)}</td>` +
    `<td data-label="Сумма" class="${dataTable('number')}">${formatMoney(order.sum)}</td>` +
    `<td class="${orders('actionsCell')}"><div class="${orders('actions')}">${actions}</div></td></tr>`
  )
}

/** The pagination of the first page (src/views/ui/pagination.tsx): «previous» disabled, each page a link. */
function paginationHtml(total: number): string {
  if (total <= 1) return ''
  const cell = pagination('cell')
  const pageLink = (page: number) =>
    `<a class="${cell}" aria-label="Страница ${page}"${page === 1 ? ' aria-current="page"' : ''} href="/cabinet/orders/?page=${page}">${page}</a>`
  const cells = paginationCells(1, total).map((each) =>
    each.kind === 'page' ? `<li>${pageLink(each.page)}</li>` : `<li><span class="${cell} ${pagination('ellipsis')}" aria-hidden="true">…</span></li>`,
  )
  return (
    `<nav class="${pagination('nav')}" aria-label="Страницы"><ul class="${pagination('list')}">` +
    `<li><a class="${cell}" aria-label="Предыдущая страница" role="link" aria-disabled="true">${icon(ICONS.left, 16)}</a></li>${cells.join('')}` +
    `<li><a class="${cell}" aria-label="Следующая страница" href="/cabinet/orders/?page=2">${icon(ICONS.right, 16)}</a></li></ul></nav>`
  )
}

function listHtml(list: OrderList, canFillBasket: boolean, dayOf: (iso: string) => string): string {
  if (list.orders.length === 0)
    return `<div class="${emptyState('empty')}" role="status"><p class="${emptyState('title')}">${ORDERS_EMPTY.title}</p><p>${ORDERS_EMPTY.hint}</p></div>`
  return (
    `<div class="${orders('list')} ${listPage('list')}" aria-busy="false"><p class="${orders('caption')} ${listPage('caption')}" aria-live="polite">${escaped(ordersCaptionOf(list))}</p>` +
    `<div class="${orders('scroll')}"><table class="${dataTable('table')} ${orders('table')} ${cardList('cards', 'boxed')}"><caption class="${VISUALLY_HIDDEN}">Заказы</caption>` +
    `<thead><tr class="${selection('headRow')}"><th scope="col" class="${selection('checkCell')}"><input aria-label="Выбрать все заказы страницы" type="checkbox"></th>${COLUMN_TITLES}</tr></thead>` +
    `<tbody>${list.orders.map((order) => rowHtml(order, list, canFillBasket, dayOf)).join('')}</tbody></table></div>${paginationHtml(list.pagination.pages)}</div>`
  )
}

/**
 * The orders screen for the start's answers at `path`, or undefined where the server does not draw
 * it: an address with a filter (or a page) in it, or no answer of the first page. `dayOf` writes an
 * order's date on the dealer's calendar (server-drawing.ts dealerDayOf).
 */
export function serverOrdersHtml(answers: Record<string, unknown>, path: string, initData: InitData, dayOf: (iso: string) => string): string | undefined {
  if (path !== '/cabinet/orders/') return undefined
  const list = orderListSchema.safeParse(answers[ORDERS_FIRST_PAGE_ADDRESS])
  if (!list.success) return undefined
  const canFillBasket = !closedMenuKeys(initData.account.disabledMenus).has(BASKET_KEY)
  return (
    `<section class="${orders('page')} ${listPage('page')}" aria-labelledby="server-orders-title"><div class="${orders('headingRow')} ${listPage('toolbar')}">` +
    `<div class="${heading('heading')}"><h1 class="${heading('title')}"><span id="server-orders-title">Заказы</span></h1></div>` +
    `<p class="${orders('countdown')}">Обновление через <time class="${orders('countdownTime')}" aria-label="Время до обновления списка">${minutesSeconds(ORDERS_POLL_MS)}</time></p></div>` +
    `${filterHtml(initData, list.data)}${listHtml(list.data, canFillBasket, dayOf)}</section>`
  )
}
