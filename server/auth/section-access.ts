import type { FastifyInstance, preHandlerAsyncHookHandler, RouteOptions } from 'fastify'
import * as z from 'zod/mini'
import { BASKET_KEY, closedMenuKeys, effectiveDisabledMenus, sectionClosedMessage } from '../../src/contract/menu'
import { HttpError } from '../validation'

/** A route as Fastify registers it: 'METHOD url-pattern', e.g. 'GET /api/order/:id/'. */
export type CallPattern = `${'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'} /${string}`

/**
 * Issue 11: each menu key (src/contract/menu.ts) with the calls only its section makes. A login
 * whose disabledMenus close the key (or its parent) is refused these calls with 403. Keys of
 * screens not built yet have no calls; the profile is never closed.
 */
export const SECTION_CALLS: Readonly<Record<string, readonly CallPattern[]>> = {
  cabinet: [],
  brand: ['POST /api/getProductsByBrandId/'],
  cart: [
    // issue 21 item 12: a manager whose basket is closed may not fill or read it from any screen
    'POST /api/processBasket/',
    'POST /api/processBasketUpdate/',
    'GET /api/getBasketData/',
    'POST /api/clearBasket/',
    'POST /api/processProductSet/',
    'POST /api/placeOrder/',
    'GET /api/getBasketTableInit/',
    'GET /api/warehouse/:id/',
    'GET /pictures/warehouse-map/:id.svg',
    'GET /tpl/direction.html',
  ],
  drafts: ['POST /api/addToDraft/', 'GET /api/drafts/', 'POST /api/drafts/'],
  orders: ['GET /api/order/', 'GET /api/order/:id/', 'POST /api/order/', 'GET /api/orderExport/'],
  acts: ['GET /api/getActs/', 'POST /api/act/', 'GET /api/act/:id/file'],
  purchased: ['GET /api/purchasedGoods/'],
  favorites: ['GET /api/favorites/', 'POST /ajax/deletefavorites/'],
  needs: ['GET /api/needs/'],
  consignees: [
    'GET /api/consignee/',
    'POST /api/consignee/',
    'GET /api/consignee/:id/',
    'PUT /api/consignee/:id/',
    'DELETE /api/consignee/',
    'GET /api/consignee/:id/file',
    'POST /api/consigneeUpload/',
    // the consignee form's surname and name suggestions
    'GET /api/suggest/name/',
  ],
  pricelist: ['POST /api/uploadsFromFile/', 'POST /api/uploadsFromBuffer/', 'POST /api/addCartFromPricelist/'],
  contragents: [
    'GET /api/contragent/',
    'POST /api/contragent/',
    'GET /api/contragent/:id/',
    'PUT /api/contragent/:id/',
    'DELETE /api/contragent/:id/',
    'POST /ajax/activateagent/',
    'POST /ajax/deactivateagent/',
  ],
  addresses: [
    'GET /api/address/',
    'POST /api/address/',
    'GET /api/address/:id/',
    'PUT /api/address/:id/',
    'PATCH /api/address/:id/',
    'DELETE /api/address/:id/',
    'GET /api/suggest/address/',
  ],
  // issue 22: main account only (effectiveDisabledMenus closes it to every manager)
  managers: [
    'GET /api/managers/',
    'POST /api/managers/',
    ...(['GET', 'PUT', 'DELETE'] as const).flatMap((verb) => [`${verb} /api/managers/:id/`, `${verb} /api/manager/:id/`] as const),
    'POST /api/getManagerContragentsContracts/',
    'GET /ajax/accounts/',
    'POST /ajax/activateaccount/',
    'POST /ajax/deactivateaccount/',
    'POST /ajax/deleteaccount/',
    // the price policy of a manager (spec §7 pricepolitics)
    'GET /api/pricepolitics/:id/',
    'POST /api/pricepolitics/:id/',
  ],
  // issue 23: the chat and the notifications list (their unread counts come with GET /api/inbox/, 0 while closed)
  chat: ['GET /api/chat/', 'POST /api/chat/'],
  notifications: ['GET /ajax/messages/', 'POST /ajax/updatenotifystatus/'],
  // issue 23: the complaints (their product autocomplete is the shared GET /search/)
  complaints: ['GET /api/complaints/', 'POST /api/complaints/'],
  // issue 23: the exporter's brand selection, its job, polls and file
  exporter: [
    'GET /api/getBrandsForExporter/',
    'POST /api/saveBrandsExporter/',
    'POST /api/runExporter/',
    'POST /api/isCommandRunning/',
    'POST /api/isXlsxReportExists/',
    'GET /api/exporterFile/',
  ],
}

/**
 * Calls every signed-in screen shares (the frame, the catalogue filter, the product card, the
 * basket, the header search), or made before sign-in: they stay open whatever is closed. The
 * server test checks that every route is in exactly one of the two lists.
 */
export const SHARED_CALLS: readonly CallPattern[] = [
  'POST /api/login/',
  'POST /api/logout/',
  'GET /api/session/',
  'GET /api/account/:id/',
  // the profile (always open): one's own name, phone and password
  'PUT /api/account/:id/',
  'POST /api/profile/password/',
  // issue 25: «Сообщить о проблеме» on the profile; sending only, no call reads a report back
  'POST /api/problem-reports/',
  'GET /api/initdata/',
  'GET /api/filterinit/',
  'POST /api/setContract/',
  'POST /api/filter/',
  'GET /api/ping/',
  'GET /api/product/:id/',
  'GET /ajax/getproduct/',
  'POST /api/binds/',
  'POST /api/setWish/',
  'POST /api/unsetWish/',
  'POST /api/setNeed/',
  'POST /api/unsetNeed/',
  'GET /search/',
  'POST /api/search/',
  'POST /registration/',
  'GET /registration/captcha',
  'POST /reminder/',
  'GET /pictures/:id.svg',
  // issue 22: the invited manager sets its password before it has a session
  'POST /api/invitation/',
  // spec §7's generic resource: it re-sends the call to the resource's own route, whose section check then applies
  'POST /api/:resource/',
  'POST /api/:resource/:id/',
  // issue 23: what every screen's frame polls (the unread counts, the top news) and hiding the news
  'GET /api/inbox/',
  'POST /api/hidetopnews/',
  // issue 23: the callback request, from the frame of every screen
  'POST /api/callback/',
  // issue 25: the workflow atlas for analysts and QA (no dealer data; off in production unless ATLAS=1); Fastify prints /atlas/* as /atlas*
  'GET /atlas/',
  'GET /atlas*',
  // issue 26: the probes of a process manager or a load balancer (no data, no session)
  'GET /healthz',
  'GET /readyz',
  // issue 26: Prometheus' scrape, answered only to this machine or to METRICS_TOKEN (404 to anyone else)
  'GET /metrics',
  // issue 26: the API reference, its page and its document (the contract's shape, no company's data)
  'GET /api/openapi.json',
  'GET /api/docs/',
  'GET /api/docs/api-docs.js',
  'GET /api/docs/api-docs.css',
]

/**
 * Calls of other sections that fill the basket (issue 21, item 12): besides their own section's
 * check, they are refused while the basket is closed. A call that only sometimes fills it names
 * when (the order's and the draft's «Повторить», not their other actions).
 */
export const BASKET_FILLING_CALLS: Readonly<Partial<Record<CallPattern, (body: unknown) => boolean>>> = {
  'POST /api/addCartFromPricelist/': () => true,
  'POST /api/order/': (body) => actionOf(body) === 'repeat',
  'POST /api/drafts/': (body) => actionOf(body) === 'repeat',
}

function actionOf(body: unknown): unknown {
  return typeof body === 'object' && body !== null && 'action' in body ? body.action : undefined
}

const sectionByCall = new Map(Object.entries(SECTION_CALLS).flatMap(([key, calls]) => calls.map((call) => [call, key] as const)))

/** The section a registered route belongs to; HEAD is answered by the GET route, so it counts as GET. */
function sectionOfRoute(method: string, url: string): string | undefined {
  return sectionByCall.get(`${method === 'HEAD' ? 'GET' : method} ${url}` as CallPattern)
}

const menuKeysSchema = z.catch(z.array(z.string()), [])

function disabledMenusOf(json: string): string[] {
  try {
    return menuKeysSchema.parse(JSON.parse(json))
  } catch {
    return []
  }
}

/** preHandler after `requireAccount`: 403 when the signed-in login's disabledMenus close the section (and only when `applies`). */
function refuseClosedSection(key: string, applies: (body: unknown) => boolean = () => true): preHandlerAsyncHookHandler {
  return async (request) => {
    if (
      request.user &&
      applies(request.body) &&
      closedMenuKeys(effectiveDisabledMenus(request.user.type_id, disabledMenusOf(request.user.disabled_menus))).has(key)
    ) {
      throw new HttpError(403, sectionClosedMessage(key))
    }
  }
}

type PreHandlers = RouteOptions['preHandler']

const appended = (handlers: PreHandlers, handler: preHandlerAsyncHookHandler): PreHandlers =>
  [...(handlers === undefined ? [] : Array.isArray(handlers) ? handlers : [handlers]), handler] as PreHandlers

/**
 * Call before any route is registered: every route of SECTION_CALLS gets the section check as its
 * last preHandler (after the session is known), so no route file names its section.
 */
export function closeDisabledSections(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method]
    const key = methods.map((method) => sectionOfRoute(method, route.url)).find((found) => found !== undefined)
    if (key !== undefined) route.preHandler = appended(route.preHandler, refuseClosedSection(key))
    const fillsBasket = methods.map((method) => BASKET_FILLING_CALLS[`${method} ${route.url}` as CallPattern]).find((found) => found !== undefined)
    if (fillsBasket !== undefined) route.preHandler = appended(route.preHandler, refuseClosedSection(BASKET_KEY, fillsBasket))
  })
}
