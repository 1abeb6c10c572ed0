import type { FastifyInstance } from 'fastify'
import type { Db } from '../db/connection'

/** A stop that takes longer than this (a request or a job that will not end) exits with code 1. */
export const STOP_DEADLINE_MS = 10_000
/** How often a keep-alive connection whose last request was answered during the stop is looked for and closed. */
const IDLE_SWEEP_MS = 100

interface StoppableServer {
  app: FastifyInstance
  db: Db
  log: { info: (message: string) => void; error: (message: string, error?: unknown) => void }
  exit: (code: number) => void
}

/**
 * On SIGTERM and SIGINT: stop taking connections and finish the requests in flight (app.close,
 * which also has the act and export workers put their claimed jobs back in the queue), close the
 * database, exit 0; past STOP_DEADLINE_MS, exit 1 whatever is left.
 */
export function stopOnSignals(server: StoppableServer): void {
  let stopping = false
  const stop = async (signal: string) => {
    if (stopping) return
    stopping = true
    server.log.info(`Получен ${signal}: останавливаю сервер…`)
    const deadline = setTimeout(() => {
      server.log.error(`Сервер не остановился за ${STOP_DEADLINE_MS / 1000} с: выхожу принудительно`)
      server.exit(1)
    }, STOP_DEADLINE_MS)
    deadline.unref()
    // the server closes the connections idle when the stop begins; a keep-alive one whose request was
    // in flight goes idle later and would hold the stop until its client lets go
    const sweep = setInterval(() => server.app.server.closeIdleConnections(), IDLE_SWEEP_MS)
    try {
      await server.app.close()
      clearInterval(sweep)
      await server.db.close()
      server.log.info('Сервер остановлен')
      server.exit(0)
    } catch (error) {
      server.log.error('Сервер остановлен с ошибкой:', error)
      server.exit(1)
    }
  }
  process.on('SIGINT', () => void stop('SIGINT'))
  process.on('SIGTERM', () => void stop('SIGTERM'))
}
