import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { isCatalogueLoaded } from '../catalogue/snapshot'
import type { AppDeps } from '../deps'

/** A readiness probe should answer quickly even when the database hangs: past this, it is not ready. */
const DATABASE_ANSWER_MS = 2_000

export const HEALTH_MESSAGES = {
  databaseDown: 'База данных не отвечает',
  databaseSlow: `База данных не ответила за ${DATABASE_ANSWER_MS / 1000} с`,
  catalogueNotLoaded: 'Каталог ещё не загружен в память',
} as const

/** The database's answer to a trivial query, or why there is none. */
async function databaseProblem(deps: AppDeps): Promise<string | undefined> {
  let timer: NodeJS.Timeout | undefined
  const slow = new Promise<string>((resolve) => (timer = setTimeout(() => resolve(HEALTH_MESSAGES.databaseSlow), DATABASE_ANSWER_MS)))
  const answer = sql`select 1`.execute(deps.db.kysely).then(
    () => undefined,
    () => HEALTH_MESSAGES.databaseDown,
  )
  try {
    return await Promise.race([answer, slow])
  } finally {
    clearTimeout(timer)
  }
}

/**
 * Issue 26: probes for a process manager or a load balancer, open without a session. /healthz: the
 * process answers (liveness, no database). /readyz: it can serve dealers (the database answers and
 * the catalogue is in memory); 503 with the reason otherwise.
 */
export function registerHealthRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.get('/healthz', async () => ({ status: 'ok' as const }))

  app.get('/readyz', async (_request, reply) => {
    const reason = (await databaseProblem(deps)) ?? (isCatalogueLoaded(deps.db) ? undefined : HEALTH_MESSAGES.catalogueNotLoaded)
    if (reason) return reply.code(503).send({ status: 'unavailable', reason })
    return { status: 'ok' as const }
  })
}
