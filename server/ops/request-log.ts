import { randomUUID } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import type { FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify'

export const REQUEST_ID_HEADER = 'x-request-id'

/** An id a proxy or a client may hand us: short, and nothing a log line or a header could be broken with. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/

/** The incoming X-Request-Id when it is a short safe token (a proxy's id ties its log to ours), else a new one. */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER]
  return typeof given === 'string' && SAFE_REQUEST_ID.test(given) ? given : randomUUID()
}

/** Every answer names its request, so a dealer's complaint can be found in the log. */
export function answerRequestId(request: FastifyRequest, reply: FastifyReply, done: () => void): void {
  reply.header(REQUEST_ID_HEADER, request.id)
  done()
}

/** Query parameters whose values are secrets: an invitation's or a reset's token, a password, a session. */
const SECRET_QUERY = /^(token|password|pass|captcha|code|sid|session)$/i

/** The address as logged: the values of secret query parameters masked. */
function loggedUrl(url: string): string {
  const start = url.indexOf('?')
  if (start < 0) return url
  const query = url
    .slice(start + 1)
    .split('&')
    .map((pair) => {
      const name = pair.split('=', 1)[0] ?? ''
      return SECRET_QUERY.test(decodeURIComponentSafe(name)) ? `${name}=[Redacted]` : pair
    })
  return `${url.slice(0, start)}?${query.join('&')}`
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}

/**
 * Fastify's pino: one JSON line per event, each with the request id (reqId). Bodies are never
 * logged; the headers that carry the session, the captcha's cookie or a token are redacted should
 * any line ever include them.
 */
export function loggerOptions(level: string, stream?: { write: (line: string) => void }): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'res.headers["set-cookie"]',
        'headers.cookie',
        'headers.authorization',
        'headers["set-cookie"]',
      ],
      censor: '[Redacted]',
    },
    serializers: {
      req: (request: { method: string; url: string; ip?: string; socket?: { remoteAddress?: string } }) => ({
        method: request.method,
        url: loggedUrl(request.url),
        remoteAddress: request.ip ?? request.socket?.remoteAddress,
      }),
    },
  }
}
