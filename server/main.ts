import { buildApp } from './app'
import { currentCatalogue } from './catalogue/snapshot'
import { ConfigError, loadConfig, openConfiguredDatabase } from './config'
import { migrate } from './db/migrations'
import { DEMO_LOGINS, DEMO_PASSWORD, isDatabaseEmpty, seedDatabase } from './db/seed'
import { createMailer } from './mail/mailer'
import { formatTable } from './cli/text-table'
import { stopOnSignals } from './ops/graceful-stop'

function banner(host: string, port: number): string {
  // a wildcard address is reachable as localhost; a named one only as itself
  const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host
  const logins = formatTable(
    ['E-mail', 'Пароль', 'Роль', 'Компания'],
    DEMO_LOGINS.map((login) => [login.email, DEMO_PASSWORD, login.role, login.company]),
  )
  return `\nКабинет дилера запущен: http://${shown}:${port}/\n\nДемо-входы:\n${logins}\n`
}

async function main() {
  const config = loadConfig()
  const db = openConfiguredDatabase(config)
  await migrate(db)
  const now = () => new Date()
  if (await isDatabaseEmpty(db)) {
    console.log(`База пуста: заполняю демо-данными (${config.seedProducts} товаров)…`)
    // the demo history ends now, so every default period shows orders on the first start
    await seedDatabase(db, { products: config.seedProducts, now: now() })
  }
  const mailer = createMailer({ db, from: config.mailFrom, smtpUrl: config.smtpUrl, now, log: { info: console.log, error: console.error } })
  const app = await buildApp({ db, config, mailer, now }, { logLevel: config.logLevel })
  await app.listen({ port: config.port, host: config.host })
  console.log(banner(config.host, config.port))
  // the first catalogue request would otherwise wait for the in-memory copy (about 0.7 s on 50,000 products)
  currentCatalogue(db).catch((error: unknown) => console.error('Каталог не загружен в память:', error))

  stopOnSignals({ app, db, log: { info: console.log, error: console.error }, exit: (code) => process.exit(code) })
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error)
  process.exit(1)
})
