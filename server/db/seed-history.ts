import type { Random } from './random'
import type { SeededCompany } from './seed-customers'
import { demoDrafts, type StockedProduct } from './seed-drafts'
import { roundKopecks, type SeedRow } from './seed-support'

/** Spec §2/§4 markers: 3 success, 4 danger, 10 primary. */
export const ORDER_STATES: readonly SeedRow<'order_states'>[] = [
  { id: 1, header: 'Новый' },
  { id: 2, header: 'В обработке' },
  { id: 3, header: 'Отгружен' },
  { id: 4, header: 'Отменён' },
  { id: 5, header: 'Собран' },
  { id: 10, header: 'Ожидает оплаты' },
]

const CARRIERS = ['ТК «Деловые линии»', 'ТК «ПЭК»', 'ТК «СДЭК»', 'ТК «Байкал Сервис»', 'ТК «Энергия»', 'самовывоз со склада']
const CANCEL_REASONS = ['по просьбе клиента', 'товар закончился на складе', 'дубль заказа', 'изменились сроки объекта']
const COMMENTS = [
  '',
  '',
  '',
  'Доставка до 14:00, за час позвонить прорабу',
  'Разгрузка силами получателя',
  'Срочно: объект сдаётся в пятницу',
  'Упаковать на паллеты, приложить сертификаты',
  'Счёт-фактуру и ТТН передать с водителем',
  'Часть товара заберём самовывозом',
]

const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE
const MOSCOW_OFFSET = 3 * 60 * MINUTE
const HISTORY_DAYS = 182

/** dd.mm.yyyy of a moment, Moscow time */
const ruDate = (ms: number) => {
  const [year, month, day] = new Date(ms + MOSCOW_OFFSET).toISOString().slice(0, 10).split('-')
  return `${day}.${month}.${year}`
}

/** What the history needs from the seeded catalogue: price and stock at warehouse 1 by product id - 1. */
export interface CatalogueFacts {
  count: number
  prices: Float64Array
  mainWarehouseStock: Int32Array
}

export interface HistoryRows {
  orders: SeedRow<'orders'>[]
  order_lines: SeedRow<'order_lines'>[]
  wishes: SeedRow<'wishes'>[]
  needs: SeedRow<'needs'>[]
  basket_lines: SeedRow<'basket_lines'>[]
  drafts: SeedRow<'drafts'>[]
  draft_lines: SeedRow<'draft_lines'>[]
}

function distinctProductIds(random: Random, wanted: number, productCount: number): number[] {
  const ids = new Set<number>()
  while (ids.size < Math.min(wanted, productCount)) ids.add(random.int(1, productCount))
  return [...ids]
}

function stateForAge(random: Random, ageDays: number): number {
  if (ageDays <= 3) return random.pick([1, 1, 2, 10])
  if (ageDays <= 30) return random.pick([2, 5, 10, 3, 3, 4])
  return random.chance(0.12) ? 4 : 3
}

/** Dealers take many cheap items and few dear ones. */
const quantityFor = (random: Random, price: number) => 1 + Math.floor(random.next() ** 2 * (price > 20_000 ? 3 : price > 3_000 ? 10 : 40))

function statusText(random: Random, state: number, orderId: number, createdMs: number, baseMs: number): string {
  const later = (days: number) => Math.min(createdMs + days * DAY, baseMs)
  switch (state) {
    case 1:
      return 'Новый, ожидает подтверждения менеджером'
    case 2:
      return `Принят в обработку ${ruDate(createdMs)}`
    case 5:
      return `Собран ${ruDate(later(1))}, готов к отгрузке`
    case 10:
      return `Ожидает оплаты по счёту № ${4000 + orderId} от ${ruDate(createdMs)}`
    case 4:
      return `Отменён ${ruDate(later(random.int(0, 2)))}: ${random.pick(CANCEL_REASONS)}`
    default:
      return `Отгружен ${ruDate(later(random.int(1, 4)))}, ${random.pick(CARRIERS)}`
  }
}

const isPaid = (random: Random, state: number) => (state === 3 ? random.chance(0.95) : state === 2 || state === 5 ? random.chance(0.5) : false)

interface DraftOrder {
  company: SeededCompany
  userId: number
  contract: { id: number; priceFactor: number }
  createdMs: number
}

function draftOrders(random: Random, company: SeededCompany, baseMs: number): DraftOrder[] {
  const managerContracts = company.contracts.filter((contract) => company.managerContractIds.includes(contract.id))
  return Array.from({ length: random.int(37, 43) }, () => {
    const byManager = managerContracts.length > 0 && random.chance(0.35)
    const contract = random.pick(byManager ? managerContracts : company.contracts)
    // more orders lately than half a year ago, so the recent states (new, awaiting payment ...) show up
    const daysAgo = Math.floor(HISTORY_DAYS * random.next() ** 1.7)
    const minutesAgo = daysAgo * 24 * 60 + random.int(5, 9 * 60)
    return {
      company,
      userId: byManager ? company.managerId : company.mainAccountId,
      contract,
      createdMs: baseMs - minutesAgo * MINUTE,
    }
  })
}

/** About 40 orders per company over the last six months, ids in time order, plus wishes, needs and a basket. */
export function buildHistory(random: Random, companies: readonly SeededCompany[], catalogue: CatalogueFacts, baseMs: number): HistoryRows {
  const rows: HistoryRows = { orders: [], order_lines: [], wishes: [], needs: [], basket_lines: [], drafts: [], draft_lines: [] }
  // nothing to have ordered from an empty catalogue
  if (catalogue.count === 0) return rows
  const drafts = companies
    .flatMap((company) => draftOrders(random, company, baseMs))
    .sort((a, b) => a.createdMs - b.createdMs || a.company.customerId - b.company.customerId)
  // each company has just placed an order, so the 'Новый' state always shows
  const latest = new Set(companies.map((company) => drafts.findLast((draft) => draft.company === company)))
  for (const draft of drafts) {
    const orderId = rows.orders.length + 1
    const lines = distinctProductIds(random, random.int(1, 8), catalogue.count).map((productId, index) => ({
      id: rows.order_lines.length + index + 1,
      order_id: orderId,
      product_id: productId,
      warehouse_id: random.pick([1, 1, 1, 2, 2, 3]),
      qnt: quantityFor(random, catalogue.prices[productId - 1] ?? 0),
      price: roundKopecks((catalogue.prices[productId - 1] ?? 0) * draft.contract.priceFactor),
    }))
    rows.order_lines.push(...lines)
    const state = latest.has(draft) ? 1 : stateForAge(random, (baseMs - draft.createdMs) / DAY)
    rows.orders.push({
      id: orderId,
      customer_id: draft.company.customerId,
      user_id: draft.userId,
      contract_id: draft.contract.id,
      state,
      status: statusText(random, state, orderId, draft.createdMs, baseMs),
      paid: isPaid(random, state) ? 1 : 0,
      sum: roundKopecks(lines.reduce((sum, line) => sum + line.price * line.qnt, 0)),
      comment: random.pick(COMMENTS),
      created_at: new Date(draft.createdMs).toISOString(),
    })
  }
  for (const company of companies) {
    const userId = company.mainAccountId
    rows.wishes.push(...distinctProductIds(random, 6, catalogue.count).map((productId) => ({ user_id: userId, product_id: productId })))
    rows.needs.push(
      ...distinctProductIds(random, 4, catalogue.count).map((productId) => ({
        user_id: userId,
        product_id: productId,
        need: random.pick([2, 5, 10, 20, 50]),
      })),
    )
  }
  const first = companies[0]
  if (first) {
    rows.basket_lines.push(...basketLines(random, first, catalogue, baseMs))
    const owner = { userId: first.mainAccountId, customerId: first.customerId, contractId: first.mainAccountContractId }
    Object.assign(rows, demoDrafts(owner, stockedAtMainWarehouse(random, catalogue), baseMs))
  }
  return rows
}

/** Some products in stock at warehouse 1, in random order. */
function stockedAtMainWarehouse(random: Random, catalogue: CatalogueFacts): StockedProduct[] {
  return distinctProductIds(random, 40, catalogue.count)
    .map((id) => ({ id, stock: catalogue.mainWarehouseStock[id - 1] ?? 0 }))
    .filter((product) => product.stock > 0)
}

/** Two or three lines from warehouse 1, each within the free stock, so the header's basket shows something. */
function basketLines(random: Random, company: SeededCompany, catalogue: CatalogueFacts, baseMs: number): SeedRow<'basket_lines'>[] {
  return stockedAtMainWarehouse(random, catalogue)
    .slice(0, random.int(2, 3))
    .map((product, index) => ({
      id: index + 1,
      user_id: company.mainAccountId,
      contract_id: company.mainAccountContractId,
      product_id: product.id,
      warehouse_id: 1,
      qnt: Math.min(product.stock, random.int(1, 10)),
      added_at: new Date(baseMs - (90 - index * 20) * MINUTE).toISOString(),
    }))
}
