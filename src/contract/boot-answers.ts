import * as z from 'zod/mini'
import { ORDERS_DEFAULTS, ORDERS_FIRST_FILTER } from './order-periods.ts'

/**
 * Boot answers: the server puts the answers of the GET calls a start makes into the page it sends
 * (server/routes/static-spa.ts), so the SPA does not wait for one round trip after another before
 * it can paint the screen (src/services/boot-answers.ts hands them out).
 *
 * The page carries them as `<script type="application/json" id="boot-answers">`, an object from a
 * call's address (bootAddress) to the JSON the call would have answered. Every start gets the
 * session; a signed-in one also the init data, the inbox (the unread counts, the top news), the basket of the selected contract, and the calls
 * its page names in `<meta name="cabinet-boot-calls" content="/api/a/ /api/b/">` (written by the
 * build, scripts/route-pages.ts).
 */
export const BOOT_ANSWERS_ELEMENT_ID = 'boot-answers'

/**
 * The element of a signed-in screen's page that holds the frame the server drew (server/routes/
 * server-frame.ts) until the SPA's first render replaces it (server/routes/framed-page.ts).
 */
export const SERVER_FRAME_ELEMENT_ID = 'server-frame'

export const BOOT_CALLS_META = 'cabinet-boot-calls'

/** The page's boot answers: a call's address to its JSON answer. */
export const bootAnswersSchema = z.record(z.string(), z.unknown())

export const SESSION_ADDRESS = '/api/session/'
export const INIT_DATA_ADDRESS = '/api/initdata/'
/** the frame's unread counts and top news: in the page, so the top news banner is in the frame's first paint */
export const INBOX_ADDRESS = '/api/inbox/'

/** A GET call's address as both sides write it: '/api/getBasketData/?contract=1'. */
export function bootAddress(path: string, query: Readonly<Record<string, string | number>> = {}): string {
  const search = new URLSearchParams(Object.entries(query).map(([name, value]) => [name, String(value)])).toString()
  return `/${path.replace(/^\//, '')}${search ? `?${search}` : ''}`
}

/** The basket the shell loads first: that of the contract the init data selects. */
export const basketAddress = (contract: string) => bootAddress('/api/getBasketData/', { contract })

/**
 * The orders page's first list when its address names no filter (spec §9: every contract, the last
 * week, page 1), in the order the orders screen writes the query (tests/unit/boot-answers.test.ts).
 */
export const ORDERS_FIRST_PAGE_ADDRESS = bootAddress('/api/order/', { ...ORDERS_FIRST_FILTER, perpage: ORDERS_DEFAULTS.perpage })
