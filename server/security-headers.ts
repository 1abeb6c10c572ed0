import { createHash } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'

/**
 * The `<style>` elements react-aria adds at run time, by their exact text (usePress: the
 * pressables' touch-action; usePreventScroll, under a modal on a touch screen: overscroll). The
 * e2e suite fails on any CSP violation, so a text changed by an upgrade shows there.
 */
const LIBRARY_STYLES = [
  '@layer {\n  [data-react-aria-pressable] {\n    touch-action: pan-x pan-y pinch-zoom;\n  }\n}',
  '@layer {\n  * {\n    overscroll-behavior: contain;\n  }\n}',
]

const sourceHash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`

/**
 * The inline sources the cabinet needs, by hash: each `<style>` of the built pages (the boot
 * message's styles, index.html) and react-aria's, and each inline `<script>` of the pages that
 * would run. A `<script type="application/json">` (the boot answers) is data, which a CSP does not govern.
 */
export function inlineSourcesOf(pages: Iterable<string>): { styles: string[]; scripts: string[] } {
  const styles = new Set(LIBRARY_STYLES.map(sourceHash))
  const scripts = new Set<string>()
  for (const html of pages) {
    for (const [, text] of html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)) styles.add(sourceHash(text ?? ''))
    for (const [, attributes, text] of html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g))
      if (!/\bsrc=/.test(attributes ?? '') && !/type="application\/json"/.test(attributes ?? '')) scripts.add(sourceHash(text ?? ''))
  }
  return { styles: [...styles], scripts: [...scripts] }
}

/**
 * Everything from our own origin only, plus the given inline sources (the cabinet: the built
 * pages' blocks by hash; styles React sets through the DOM, style={...}, are no inline source
 * to a CSP); never inside a frame (clickjacking of «Оформить заказ», «Отменить»).
 */
export function contentSecurityPolicy(inline: { styles: string[]; scripts: string[] }): string {
  return [
    "default-src 'self'",
    ['script-src', "'self'", ...inline.scripts].join(' '),
    ['style-src', "'self'", ...inline.styles].join(' '),
    // the favicon is `data:,`; the stylesheets' small pictures are inlined as data: URLs
    "img-src 'self' data:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ')
}

/** Answers with a company's data: no cache anywhere keeps them, not even the browser's. */
const COMPANY_DATA_ADDRESS = /^\/(?:api|ajax|search|rest)(?:[/?]|$)/

/**
 * Sets the security headers on every answer: the policy (unless the route set its own, as the
 * atlas does), no framing, no type sniffing, the referrer only to our own origin, and no-store
 * on the answers that carry company data (a route's own no-store, e.g. `private, no-store` on
 * a file, stays as it is).
 */
export function addSecurityHeaders(app: FastifyInstance, policy: string): void {
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', policy)
    reply.header('x-frame-options', 'DENY').header('x-content-type-options', 'nosniff').header('referrer-policy', 'same-origin')
    const cacheControl = reply.getHeader('cache-control')
    if (COMPANY_DATA_ADDRESS.test(request.url) && !String(cacheControl ?? '').includes('no-store')) reply.header('cache-control', 'no-store')
    return payload
  })
}
