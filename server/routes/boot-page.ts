import { promisify } from 'node:util'
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { initDataSchema } from '../../src/contract/account'
import { sessionStateSchema } from '../../src/contract/auth'
import { BOOT_ANSWERS_ELEMENT_ID, BOOT_CALLS_META, INBOX_ADDRESS, INIT_DATA_ADDRESS, SESSION_ADDRESS, basketAddress } from '../../src/contract/boot-answers'
import type { FramedPage } from './framed-page'
import { SERVER_LOGIN_PAGE_HTML, serverFrameHtml, sidebarModeOf } from './server-frame'
import { serverOrdersHtml } from './server-orders'
import { dealerDayOf } from './server-drawing'

/** A built page that takes boot answers (src/contract/boot-answers.ts). */
export interface BootPage {
  /** the page up to its `</body>`, where the answers go */
  head: string
  /** the page from its `</body>` on */
  tail: string
  /** the GET calls its signed-in start makes besides the session, the init data and the basket */
  calls: readonly string[]
  /** the page with the server's frame inside, for a signed-in start (a cabinet screen's page) */
  framed?: FramedPage
}

const BOOT_CALLS_TAG = new RegExp(`<meta name="${BOOT_CALLS_META}" content="([^"]*)">`)

/** The page as one that takes boot answers, or undefined when its head names no boot calls. */
export function bootPageOf(html: string): BootPage | undefined {
  const tag = BOOT_CALLS_TAG.exec(html)
  const bodyEnd = html.indexOf('</body>')
  if (!tag || bodyEnd < 0) return undefined
  return { head: html.slice(0, bodyEnd), tail: html.slice(bodyEnd), calls: (tag[1] ?? '').split(' ').filter((call) => call.startsWith('/api/')) }
}

type Answer = readonly [address: string, body: unknown]

/**
 * The answers of the start's GET calls, asked of the app itself with the visitor's own cookie, so
 * they are exactly what the SPA would have been told: the session always; the init data, the inbox, the
 * basket of the contract it selects and the page's own calls only while the session is valid.
 * A call that does not answer 200 (a closed section, a session that has just ended) is left out:
 * the SPA makes it itself.
 */
async function startAnswers(app: FastifyInstance, cookie: string | undefined, pageCalls: readonly string[]): Promise<Record<string, unknown>> {
  const ask = async (address: string): Promise<Answer | undefined> => {
    const response = await app.inject({ method: 'GET', url: address, headers: { accept: 'application/json', ...(cookie ? { cookie } : {}) } })
    return response.statusCode === 200 ? [address, response.json()] : undefined
  }
  const signedInCalls = cookie ? [INIT_DATA_ADDRESS, INBOX_ADDRESS, ...pageCalls] : []
  const [session, initData, ...own] = await Promise.all([SESSION_ADDRESS, ...signedInCalls].map(ask))
  if (!session || !sessionStateSchema.safeParse(session[1]).data?.account) return Object.fromEntries(session ? [session] : [])
  const init = initDataSchema.safeParse(initData?.[1])
  const basket = init.success ? await ask(basketAddress(init.data.selectedContract)) : undefined
  return Object.fromEntries([session, initData, basket, ...own].filter((answer) => answer !== undefined))
}

/** What the server draws into a page for the start's answers: the frame (with the orders' first page on theirs) for a signed-in visitor, the login page for a signed-out one. */
function drawingOf(kind: FramedPage['kind'], answers: Record<string, unknown>, request: FastifyRequest): string | undefined {
  const mode = sidebarModeOf(request.cookies)
  if (kind === 'frame') return serverFrameHtml(answers, request.url, mode)
  if (kind === 'orders')
    return serverFrameHtml(answers, request.url, mode, (initData) => serverOrdersHtml(answers, request.url, initData, dealerDayOf(request.cookies)))
  const session = sessionStateSchema.safeParse(answers[SESSION_ADDRESS])
  return session.success && session.data.account === null ? SERVER_LOGIN_PAGE_HTML : undefined
}

/** JSON inside a script element: no '<' may close the element or open a comment. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c')

/** br, then gzip, when the request takes them (a q of 0 refuses). */
function acceptedEncoding(header: string | undefined): 'br' | 'gzip' | undefined {
  const accepted = new Set(
    (header ?? '')
      .split(',')
      .map((part) => part.trim().split(/\s*;\s*/))
      .filter(([, q]) => !q || !/^q=0(\.0*)?$/.test(q))
      .map(([name]) => name?.toLowerCase()),
  )
  return accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : undefined
}

const compressBrotli = promisify(brotliCompress)
const compressGzip = promisify(gzip)
/** as the server's own answers (app.ts COMPRESSION) */
const BROTLI_OPTIONS = { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } }

/**
 * Sends the page with the start's answers inside. What it holds belongs to the visitor's session:
 * private (no shared cache keeps it) and no-cache (the browser asks again each time), varying by
 * cookie.
 */
export async function sendBootPage(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, page: BootPage) {
  const answers = await startAnswers(app, request.headers.cookie, page.calls)
  const answersTag = `<script type="application/json" id="${BOOT_ANSWERS_ELEMENT_ID}">${scriptJson(answers)}</script>\n  `
  const frame = page.framed && drawingOf(page.framed.kind, answers, request)
  // joined, never String.replace: a '$`', '$&' or "$'" in a dealer's text would be read as a replacement pattern
  const html =
    page.framed && frame ? `${page.framed.before}${frame}${page.framed.after}${answersTag}${page.framed.tail}` : `${page.head}${answersTag}${page.tail}`
  const encoding = acceptedEncoding(request.headers['accept-encoding'])
  reply.type('text/html; charset=utf-8').header('cache-control', 'private, no-cache').header('vary', 'cookie, accept-encoding')
  if (!encoding) return reply.send(html)
  const body = encoding === 'br' ? await compressBrotli(html, BROTLI_OPTIONS) : await compressGzip(html)
  return reply.header('content-encoding', encoding).send(body)
}
