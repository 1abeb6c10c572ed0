import type { FastifyInstance } from 'fastify'
import { Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client'
import type { Db } from '../db/connection'

/**
 * Issue 26: the process's Prometheus metrics, one registry per process (every app instance of a
 * test process adds to the same series).
 */
export const metricsRegistry = new Registry()
collectDefaultMetrics({ register: metricsRegistry, prefix: 'cabinet_' })

const requestDuration = new Histogram({
  name: 'cabinet_http_request_duration_seconds',
  help: 'Время ответа на запрос, по шаблону адреса, методу и коду ответа',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
})

const catalogueSeconds = new Histogram({
  name: 'cabinet_catalogue_update_seconds',
  help: 'Время загрузки каталога в память целиком (load) и внесения изменений в копию (patch)',
  labelNames: ['kind'] as const,
  buckets: [0.001, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
})

const jobsWaiting = new Gauge({
  name: 'cabinet_jobs',
  help: 'Задания выгрузки прайс-листа (export) и актов сверки (act) в очереди (queued) и в работе (working)',
  labelNames: ['kind', 'state'] as const,
  registers: [metricsRegistry],
})

const poolConnections = new Gauge({
  name: 'cabinet_db_pool_connections',
  help: 'Соединения пула PostgreSQL: всего (total), свободных (idle), запросов в ожидании соединения (waiting)',
  labelNames: ['state'] as const,
  registers: [metricsRegistry],
})

/** Times a catalogue load or patch into the histogram, whether it succeeds or fails. */
export async function timeCatalogue<T>(kind: 'load' | 'patch', work: () => Promise<T>): Promise<T> {
  const end = catalogueSeconds.startTimer({ kind })
  try {
    return await work()
  } finally {
    end()
  }
}

/** Every answer's time by route pattern (never the address itself: ids would make a series each). */
export function observeRequestDurations(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched'
    requestDuration.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000)
  })
}

const JOB_TABLES = { export: 'export_jobs', act: 'acts' } as const

/** The gauges read at scrape time: the jobs tables' queues and the pool's use. */
export async function collectDatabaseGauges(db: Db): Promise<void> {
  for (const [kind, table] of Object.entries(JOB_TABLES)) {
    const rows = await db.kysely
      .selectFrom(table)
      .select(['state', (eb) => eb.fn.countAll<number>().as('count')])
      .where('state', 'in', ['queued', 'working'])
      .groupBy('state')
      .execute()
    for (const state of ['queued', 'working']) jobsWaiting.set({ kind, state }, Number(rows.find((row) => row.state === state)?.count ?? 0))
  }
  const pool = db.poolUsage?.()
  if (pool) for (const [state, count] of Object.entries(pool)) poolConnections.set({ state }, count)
}
