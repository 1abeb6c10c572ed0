import cluster, { type Worker } from 'node:cluster'
import { ConfigError, MAX_PROCESSES, type AppConfig } from '../config'
import { STOP_DEADLINE_MS } from './graceful-stop'
import { answerMetricsRequests } from './metrics'

export const PROCESSES_MESSAGES = {
  badCount: `Неверное число процессов в --processes: ожидается целое число от 1 до ${MAX_PROCESSES}`,
  sqlite: (processes: number) =>
    `Несколько процессов (${processes}) работают только с PostgreSQL: укажите DATABASE_URL или запустите один процесс. ` +
    'SQLite пишет из одного процесса: транзакции разных процессов отказывали бы с «database is locked».',
} as const

/**
 * How many API processes to run: `--processes N` (or `--processes=N`) on the command line, else
 * PROCESSES (config.processes). A wrong count is a ConfigError, as a wrong variable is.
 */
export function processesWanted(args: readonly string[], config: Pick<AppConfig, 'processes'>): number {
  const at = args.findIndex((arg) => arg === '--processes' || arg.startsWith('--processes='))
  if (at < 0) return config.processes
  const arg = args[at]!
  const given = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : args[at + 1]
  const count = Number(given)
  if (!given || !Number.isInteger(count) || count < 1 || count > MAX_PROCESSES) throw new ConfigError(PROCESSES_MESSAGES.badCount)
  return count
}

/**
 * SQLite stays one process. Tried with two processes on one WAL file (busy_timeout 5000): of the
 * transactions that read and then write (placing an order does), about one in five failed with
 * «database is locked» at once, as a reader cannot become the writer while another process writes;
 * one process runs its transactions one after another and never meets that.
 */
export function checkProcessesFit(processes: number, config: Pick<AppConfig, 'databaseUrl'>): void {
  if (processes > 1 && !config.databaseUrl) throw new ConfigError(PROCESSES_MESSAGES.sqlite(processes))
}

interface ProcessGroupOptions {
  processes: number
  log: { info: (message: string) => void; error: (message: string) => void }
  /** once, when every first worker listens: the banner */
  onListening: () => void
  exit: (code: number) => void
}

/**
 * The primary of `--processes N` (node:cluster): forks N workers, each of which builds the app and
 * listens on the one port (the primary hands them the connections in turn). A worker that dies is
 * replaced (logged); one that dies before it ever listened stops the group with code 1, as it would
 * die again. On SIGTERM or SIGINT every worker gets SIGTERM and stops gracefully (graceful-stop.ts);
 * the primary exits 0 when all stopped cleanly, else 1, and past STOP_DEADLINE_MS kills those left.
 */
export function runProcessGroup(options: ProcessGroupOptions): void {
  const { log } = options
  let stopping = false
  let failed = false
  const listened = new Set<number>()
  let shown = false

  const fork = (): Worker => cluster.fork()

  const stop = (reason: string) => {
    if (stopping) return
    stopping = true
    log.info(reason)
    const deadline = setTimeout(() => {
      log.error(`Процессы не остановились за ${STOP_DEADLINE_MS / 1000} с: завершаю принудительно`)
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL')
      options.exit(1)
    }, STOP_DEADLINE_MS)
    deadline.unref()
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM')
    exitWhenAllGone()
  }

  const exitWhenAllGone = () => {
    if (stopping && Object.keys(cluster.workers ?? {}).length === 0) options.exit(failed ? 1 : 0)
  }

  cluster.on('listening', (worker) => {
    listened.add(worker.id)
    if (!shown && listened.size >= options.processes) {
      shown = true
      options.onListening()
    }
  })

  cluster.on('exit', (worker, code, signal) => {
    const how = signal ? `сигнал ${signal}` : `код ${code}`
    if (stopping) {
      if (code !== 0) failed = true
      exitWhenAllGone()
      return
    }
    if (!listened.has(worker.id)) {
      failed = true
      stop(`Процесс ${worker.process.pid} не запустился (${how}): останавливаю остальные`)
      return
    }
    log.error(`Процесс ${worker.process.pid} завершился (${how}): запускаю новый`)
    fork()
  })

  process.on('SIGINT', () => stop('Получен SIGINT: останавливаю процессы…'))
  process.on('SIGTERM', () => stop('Получен SIGTERM: останавливаю процессы…'))

  answerMetricsRequests()
  log.info(`Запускаю процессов: ${options.processes}`)
  for (let i = 0; i < options.processes; i += 1) fork()
}
