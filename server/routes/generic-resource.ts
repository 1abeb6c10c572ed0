import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http'
import { API_PREFIX, GENERIC_RESOURCE_MESSAGES, REST_PREFIX, genericResourceRequestSchema, type GenericMethod } from '../../src/contract/generic-resource'
import { HttpError, parseBody } from '../validation'

/** The HTTP verbs that may answer each body `method`, the first one registered wins. */
const VERBS_OF: Record<GenericMethod, Array<'PUT' | 'PATCH' | 'DELETE'>> = {
  put: ['PUT'],
  update: ['PATCH', 'PUT'],
  del: ['DELETE'],
}

/** Headers that describe the outer message itself, not the caller: the inner call sets its own. */
const HOP_HEADERS = new Set(['content-length', 'transfer-encoding', 'connection', 'content-type'])

const withoutHopHeaders = <H extends IncomingHttpHeaders | OutgoingHttpHeaders>(headers: H): H =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_HEADERS.has(name.toLowerCase()))) as H

/** The Fastify `rewriteUrl` option: /rest/… is the spec's alias of /api/… (spec §7). */
export function rewriteRestAlias(request: { url?: string }): string {
  const url = request.url ?? '/'
  return url.startsWith(REST_PREFIX) ? `${API_PREFIX}${url.slice(REST_PREFIX.length)}` : url
}

const hasMethodField = (body: unknown) => typeof body === 'object' && body !== null && 'method' in body

/**
 * POST /api/{method}/{id}/ and POST /api/{method}/ with a body field `method` (spec §7): put,
 * update or del is answered by the resource's own PUT, PATCH (or PUT) or DELETE handler, run as
 * an inner request with the caller's headers, so its session, permission and validation checks
 * all apply. A POST naming no `method` is an unknown address, as before.
 */
export function registerGenericResourceRoutes(app: FastifyInstance): void {
  const dispatch = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!hasMethodField(request.body)) return reply.callNotFound()
    const { method, ...fields } = parseBody(genericResourceRequestSchema, request)
    const url = request.url
    const path = url.split('?')[0] ?? url
    const verb = VERBS_OF[method].find((candidate) => app.findRoute({ method: candidate, url: path }) !== null)
    if (!verb) throw new HttpError(404, `${GENERIC_RESOURCE_MESSAGES.unsupported}: ${method} ${path}`)

    const inner = await app.inject({
      method: verb,
      url,
      headers: { ...withoutHopHeaders(request.headers), 'content-type': 'application/json' },
      payload: JSON.stringify(fields),
      remoteAddress: request.socket.remoteAddress,
    })
    return reply
      .code(inner.statusCode)
      .headers(withoutHopHeaders(inner.headers) as Record<string, string | string[]>)
      .header('content-type', inner.headers['content-type'] ?? 'application/json; charset=utf-8')
      .send(inner.rawPayload)
  }
  app.post('/api/:resource/:id/', dispatch)
  app.post('/api/:resource/', dispatch)
}
