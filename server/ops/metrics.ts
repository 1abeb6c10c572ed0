import cluster from 'node:cluster'
import type { FastifyInstance } from 'fastify'
import { AggregatorRegistry, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client'
import type { Db } from '../db/connection'

/**
 * Issue 26: the process's Prometheus metrics, one registry per process (every app instance of a
 * test process adds to the same series). With --processes N, a scrape answers every worker's
 * series together (summed by prom-client's cluster aggregation, asked of the primary).
 */
const metricsRegistry = new Registry()
collectDefaultMetrics({ register: metricsRegistry, prefix: 'cabinet_' })
/** The gauges read from the database at the scrape: the same whichever process reads them, so never summed over the workers. */
const databaseRegistry = new Registry()

if (cluster.isWorker) {
  // the constructor has this worker answer the primary's requests for its series
  new AggregatorRegistry()
  AggregatorRegistry.setRegistries([metricsRegistry])
}

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
  registers: [databaseRegistry],
})

/** The pool whose use the gauge below reports: the database of the app that serves /metrics in this process. */
let watchedPool: Db['poolUsage']

/** Read when the series are gathered, so every worker reports its own pool (summed over a group). */
new Gauge({
  name: 'cabinet_db_pool_connections',
  help: 'Соединения пула PostgreSQL: всего (total), свободных (idle), запросов в ожидании соединения (waiting)',
  labelNames: ['state'] as const,
  registers: [metricsRegistry],
  collect() {
    const pool = watchedPool?.()
    if (pool) for (const [state, count] of Object.entries(pool)) this.set({ state }, count)
  },
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

/** The jobs tables' queues, read at scrape time. */
async function collectDatabaseGauges(db: Db): Promise<void> {
  for (const [kind, table] of Object.entries(JOB_TABLES)) {
    const rows = await db.kysely
      .selectFrom(table)
      .select(['state', (eb) => eb.fn.countAll<number>().as('count')])
      .where('state', 'in', ['queued', 'working'])
      .groupBy('state')
      .execute()
    for (const state of ['queued', 'working']) jobsWaiting.set({ kind, state }, Number(rows.find((row) => row.state === state)?.count ?? 0))
  }
}

export const METRICS_CONTENT_TYPE = metricsRegistry.contentType

const METRICS_MESSAGE = 'cabinet:metrics'
/** How long a worker waits for the primary's gathering (prom-client gives up on a silent worker after 5 s). */
const GATHER_MS = 6_000
let lastRequest = 0

interface MetricsMessage {
  type: typeof METRICS_MESSAGE
  id: number
  text?: string
  error?: string
}

const isMetricsMessage = (message: unknown): message is MetricsMessage =>
  typeof message === 'object' && message !== null && (message as { type?: unknown }).type === METRICS_MESSAGE

/** Every worker's series together, gathered by the primary. */
function gatheredByPrimary(): Promise<string> {
  const id = (lastRequest += 1)
  return new Promise((resolve, reject) => {
    const answered = (message: unknown) => {
      if (!isMetricsMessage(message) || message.id !== id) return
      settle()
      if (message.text === undefined) reject(new Error(message.error ?? 'no metrics'))
      else resolve(message.text)
    }
    const timer = setTimeout(() => {
      settle()
      reject(new Error('the primary did not gather the metrics'))
    }, GATHER_MS)
    const settle = () => {
      clearTimeout(timer)
      process.off('message', answered)
    }
    process.on('message', answered)
    process.send?.({ type: METRICS_MESSAGE, id } satisfies MetricsMessage)
  })
}

/** The pool the gauge reports: the app's that serves /metrics (set when its route is registered, and at each scrape). */
export function watchPool(db: Db): void {
  watchedPool = db.poolUsage
}

/** The text of GET /metrics: this process's series (every worker's, in a group) and the job queues read from `db` now. */
export async function metricsText(db: Db): Promise<string> {
  watchPool(db)
  await collectDatabaseGauges(db)
  const own = cluster.isWorker ? await gatheredByPrimary() : await metricsRegistry.metrics()
  return `${own.trimEnd()}\n${await databaseRegistry.metrics()}`
}

/** In the primary of a group: answers a worker's request for the metrics with every worker's series summed. */
export function answerMetricsRequests(): void {
  const aggregator = new AggregatorRegistry()
  cluster.on('message', (worker, message: unknown) => {
    if (!isMetricsMessage(message)) return
    const answer = (reply: Omit<MetricsMessage, 'type' | 'id'>) => worker.send({ type: METRICS_MESSAGE, id: message.id, ...reply } satisfies MetricsMessage)
    aggregator.clusterMetrics().then(
      (text) => answer({ text }),
      (error: unknown) => answer({ error: String(error) }),
    )
  })
}
