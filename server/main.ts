import cluster from 'node:cluster'
import { buildApp } from './app'
import { currentCatalogue } from './catalogue/snapshot'
import { ConfigError, loadConfig, openConfiguredDatabase, type AppConfig } from './config'
import type { Db } from './db/connection'
import { migrate } from './db/migrations'
import { DEMO_LOGINS, DEMO_PASSWORD, isDatabaseEmpty, seedDatabase } from './db/seed'
import { createMailer } from './mail/mailer'
import { formatTable } from './cli/text-table'
import { stopOnSignals } from './ops/graceful-stop'
import { checkProcessesFit, processesWanted, runProcessGroup } from './ops/processes'

const log = { info: console.log, error: console.error }

function banner(host: string, port: number): string {
  // a wildcard address is reachable as localhost; a named one only as itself
  const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host
  const logins = formatTable(
    ['E-mail', 'Пароль', 'Роль', 'Компания'],
    DEMO_LOGINS.map((login) => [login.email, DEMO_PASSWORD, login.role, login.company]),
  )
  return `\nКабинет дилера запущен: http://${shown}:${port}/\n\nДемо-входы:\n${logins}\n`
}

/** Migrates the database and seeds it when it is empty: once per start, before any process answers. */
async function prepareDatabase(config: AppConfig, db: Db): Promise<void> {
  await migrate(db)
  if (await isDatabaseEmpty(db)) {
    console.log(`База пуста: заполняю демо-данными (${config.seedProducts} товаров)…`)
    // the demo history ends now, so every default period shows orders on the first start
    await seedDatabase(db, { products: config.seedProducts, now: new Date() })
  }
}

/** One API process: the app listening on the port (shared by the workers of a group), stopped gracefully on a signal. */
async function serve(config: AppConfig, db: Db): Promise<void> {
  const now = () => new Date()
  const mailer = createMailer({ db, from: config.mailFrom, smtpUrl: config.smtpUrl, now, log })
  const app = await buildApp({ db, config, mailer, now }, { logLevel: config.logLevel })
  await app.listen({ port: config.port, host: config.host })
  // the first catalogue request would otherwise wait for the in-memory copy (about 0.7 s on 50,000 products)
  currentCatalogue(db).catch((error: unknown) => console.error('Каталог не загружен в память:', error))
  stopOnSignals({ app, db, log, exit: (code) => process.exit(code) })
}

async function main() {
  const config = loadConfig()
  if (cluster.isWorker) return serve(config, openConfiguredDatabase(config))
  const processes = processesWanted(process.argv.slice(2), config)
  checkProcessesFit(processes, config)
  const db = openConfiguredDatabase(config)
  await prepareDatabase(config, db)
  if (processes === 1) {
    await serve(config, db)
    console.log(banner(config.host, config.port))
    return
  }
  await db.close()
  runProcessGroup({ processes, log, onListening: () => console.log(banner(config.host, config.port)), exit: (code) => process.exit(code) })
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error)
  process.exit(1)
})
