import { timingSafeEqual } from 'node:crypto'
import { isIP } from 'node:net'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { AppDeps } from '../deps'
import { METRICS_CONTENT_TYPE, metricsText, watchPool } from '../ops/metrics'

const isLoopback = (address: string) => address === '::1' || (isIP(address) === 4 && address.startsWith('127.')) || address.startsWith('::ffff:127.')

function hasToken(request: FastifyRequest, token: string): boolean {
  const given = Buffer.from(request.headers.authorization ?? '')
  const expected = Buffer.from(`Bearer ${token}`)
  return given.length === expected.length && timingSafeEqual(given, expected)
}

/**
 * Without METRICS_TOKEN only a caller on this machine: a request a proxy forwarded counts as the
 * outside unless the proxy is trusted (TRUST_PROXY), which then names the real caller in request.ip.
 */
function mayRead(request: FastifyRequest, deps: AppDeps): boolean {
  const token = deps.config.metricsToken
  if (token) return hasToken(request, token)
  const forwarded = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined
  return isLoopback(request.ip) && (deps.config.trustProxy !== false || !forwarded)
}

/** Issue 26: GET /metrics in Prometheus' text format; to anyone else it does not exist (404). */
export function registerMetricsRoutes(app: FastifyInstance, deps: AppDeps): void {
  watchPool(deps.db)
  app.get('/metrics', async (request, reply) => {
    // the same answer as an address that does not exist
    if (!mayRead(request, deps)) return reply.code(404).send({ message: 'Адрес не найден' })
    return reply.type(METRICS_CONTENT_TYPE).send(await metricsText(deps.db))
  })
}
