import type { InputFrom } from 'xstate'
import { ruToday } from '../contract/order-periods'
import type { actsMachine } from './acts.machine'
import type { contragentsMachine } from './contragents.machine'
import type { addressesMachine } from './addresses.machine'
import type { brandProductsMachine } from './brand-products.machine'
import type { catalogueFilterMachine } from './catalogue-filter.machine'
import { parseCatalogueSearch, queryFromSearch } from './catalogue-search'
import type { consigneesMachine } from './consignees.machine'
import type { draftsMachine } from './drafts.machine'
import type { favoritesNeedsMachine } from './favorites-needs.machine'
import type { managersMachine } from './managers.machine'
import type { chatMachine } from './chat.machine'
import type { exporterMachine } from './exporter.machine'
import type { notificationsMachine } from './notifications.machine'
import type { complaintMachine } from './complaint.machine'
import type { complaintsMachine } from './complaints.machine'
import { filterOfSearch } from './orders-search'
import type { ordersMachine } from './orders.machine'
import type { pricelistMachine } from './pricelist.machine'
import type { profileMachine } from './profile.machine'
import { filtersOf, parsePurchasedSearch } from './purchased-goods-search'
import type { purchasedGoodsMachine } from './purchased-goods.machine'

/**
 * The address as the router delivers it to the screen host: the path, its search params as the
 * route parsed them, and when the dealer arrived (a screen that needs today's date reads it from here).
 */
export interface Address {
  path: string
  search: Record<string, unknown>
  /** ISO time of the navigation */
  at: string
}

/** What the frame (the shell) knows that a screen starts from. */
export interface ScreenFrame {
  contract: string
  warehouse: number
  accountId: number
  /** the account's disabledMenus close «Корзина»: the price list, which only fills the basket, does not start */
  basketClosed: boolean
}

/** The screens' machines by their src name in the screen host (and their systemId while they run). */
export interface ScreenLogics {
  catalogueFilter: typeof catalogueFilterMachine
  brandProducts: typeof brandProductsMachine
  favoritesNeeds: typeof favoritesNeedsMachine
  pricelist: typeof pricelistMachine
  orders: typeof ordersMachine
  drafts: typeof draftsMachine
  acts: typeof actsMachine
  contragents: typeof contragentsMachine
  purchasedGoods: typeof purchasedGoodsMachine
  profile: typeof profileMachine
  addresses: typeof addressesMachine
  consignees: typeof consigneesMachine
  managers: typeof managersMachine
  chat: typeof chatMachine
  exporter: typeof exporterMachine
  notifications: typeof notificationsMachine
  complaint: typeof complaintMachine
  complaints: typeof complaintsMachine
}

export type ScreenName = keyof ScreenLogics

export const SCREEN_NAMES = [
  'catalogueFilter',
  'brandProducts',
  'favoritesNeeds',
  'pricelist',
  'orders',
  'drafts',
  'acts',
  'contragents',
  'purchasedGoods',
  'profile',
  'addresses',
  'consignees',
  'managers',
  'chat',
  'exporter',
  'notifications',
  'complaint',
  'complaints',
] as const satisfies readonly ScreenName[]

/** The screen an address shows, and what makes it another run of that screen (a new key restarts it). */
export interface ScreenChoice {
  name: ScreenName
  key: string
}

const pageOf = (search: Record<string, unknown>): number => {
  const page = search.page
  return typeof page === 'number' && Number.isInteger(page) && page >= 1 ? page : 1
}

const BRAND_PATH = /^\/cabinet\/brand\/(\d+)\/$/
const brandIdOf = (path: string): number => Number(BRAND_PATH.exec(path)?.[1] ?? 0)

/**
 * The screen of an address; null where the host runs none (the basket page, an unknown path,
 * search without a keyword, the price list while the basket is closed).
 */
export function screenOf(address: Address, frame: ScreenFrame): ScreenChoice | null {
  const { path, search } = address
  const { contract, warehouse } = frame
  switch (path) {
    case '/cabinet/':
      return { name: 'catalogueFilter', key: `catalogue ${contract}` }
    case '/cabinet/action12/':
      return typeof search.q === 'string' && search.q !== '' ? { name: 'catalogueFilter', key: `search ${contract}` } : null
    case '/cabinet/favorites/':
    case '/cabinet/needs/':
      return { name: 'favoritesNeeds', key: `${path} ${contract} ${warehouse}` }
    case '/cabinet/pricelist/':
      return frame.basketClosed ? null : { name: 'pricelist', key: `pricelist ${contract}` }
    case '/cabinet/orders/':
      return { name: 'orders', key: 'orders' }
    case '/cabinet/drafts/':
      return { name: 'drafts', key: 'drafts' }
    case '/cabinet/acts/':
      return { name: 'acts', key: 'acts' }
    case '/cabinet/contragents/':
      return { name: 'contragents', key: 'contragents' }
    case '/cabinet/purchased/':
      return { name: 'purchasedGoods', key: 'purchased' }
    case '/cabinet/profile/':
      return { name: 'profile', key: `profile ${frame.accountId}` }
    case '/cabinet/addresses/':
      return { name: 'addresses', key: 'addresses' }
    case '/cabinet/consignees/':
      return { name: 'consignees', key: 'consignees' }
    case '/cabinet/managers/':
      return { name: 'managers', key: 'managers' }
    case '/cabinet/chat/':
      return { name: 'chat', key: `chat ${frame.accountId}` }
    case '/cabinet/exporter/':
      return { name: 'exporter', key: 'exporter' }
    case '/cabinet/notifications/':
      return { name: 'notifications', key: `notifications ${frame.accountId}` }
    case '/cabinet/complaints/':
      return { name: 'complaint', key: `complaint ${frame.accountId}` }
    case '/cabinet/complaints/list/':
      return { name: 'complaints', key: `complaints ${frame.accountId} ${pageOf(address.search)}` }
  }
  return BRAND_PATH.test(path) ? { name: 'brandProducts', key: `brand ${brandIdOf(path)} ${contract} ${warehouse}` } : null
}

const catalogueOf = ({ search }: Address, { warehouse }: ScreenFrame) => {
  const parsed = parseCatalogueSearch(search)
  // an address without ?warehouse= shows the warehouse the dealer works from
  return { query: queryFromSearch(parsed, { warehouse }), productId: parsed.product ?? null }
}

const marked = (address: Address, frame: ScreenFrame) => ({
  list: address.path === '/cabinet/needs/' ? ('needs' as const) : ('favorites' as const),
  contract: frame.contract,
  warehouse: frame.warehouse,
  page: pageOf(address.search),
})

const brandOf = (address: Address, frame: ScreenFrame) => ({
  query: { brandId: brandIdOf(address.path), contract: frame.contract, warehouse: frame.warehouse },
  page: pageOf(address.search),
})

/** Each screen's input when it starts, from the address and the frame. */
export const SCREEN_INPUTS: { [N in ScreenName]: (address: Address, frame: ScreenFrame) => InputFrom<ScreenLogics[N]> } = {
  catalogueFilter: catalogueOf,
  brandProducts: brandOf,
  favoritesNeeds: marked,
  pricelist: (_, frame) => ({ contract: frame.contract, wms: frame.warehouse }),
  orders: ({ search }) => ({ filter: filterOfSearch(search) }),
  drafts: ({ search }) => ({ page: pageOf(search) }),
  acts: ({ search, at }) => ({ page: pageOf(search), today: ruToday(new Date(at)) }),
  contragents: () => undefined,
  purchasedGoods: ({ search }) => ({ filters: filtersOf(parsePurchasedSearch(search)) }),
  profile: (_, frame) => ({ accountId: frame.accountId }),
  addresses: ({ search }) => ({ page: pageOf(search) }),
  consignees: () => undefined,
  managers: () => undefined,
  chat: (_, frame) => ({ accountId: frame.accountId }),
  exporter: () => undefined,
  notifications: () => undefined,
  complaint: () => undefined,
  complaints: ({ search }) => ({ page: pageOf(search) }),
}

/**
 * The event a running screen gets when its address changes (a link, back, a reload of the same
 * screen, or its own change coming back); the machine decides whether it is news. null: the screen
 * has nothing to follow.
 */
export function addressEventOf(name: ScreenName, address: Address, frame: ScreenFrame) {
  switch (name) {
    case 'catalogueFilter':
      return { type: 'filter.sync' as const, ...catalogueOf(address, frame) }
    case 'orders':
      return { type: 'filter.change' as const, ...SCREEN_INPUTS.orders(address, frame) }
    case 'purchasedGoods':
      return { type: 'address.change' as const, ...SCREEN_INPUTS.purchasedGoods(address, frame) }
    case 'brandProducts':
    case 'favoritesNeeds':
    case 'drafts':
    case 'acts':
    case 'addresses':
      return { type: 'page.change' as const, page: pageOf(address.search) }
    case 'pricelist':
    case 'profile':
    case 'contragents':
    case 'consignees':
    case 'managers':
    case 'chat':
    case 'exporter':
    case 'notifications':
    case 'complaint':
    case 'complaints':
      return null
  }
}
