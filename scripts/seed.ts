/**
 * npm run seed -- [--products N] [--reset]
 * Migrates the configured database (DATABASE_URL, else DB_FILE or data/cabinet.sqlite) and fills it
 * with the demo, its history ending now. A database that already holds customers is left alone
 * unless --reset is given.
 */
import { rmSync } from 'node:fs'
import { sql } from 'kysely'
import { loadConfig, openConfiguredDatabase, type AppConfig } from '../server/config'
import type { Db } from '../server/db/connection'
import { migrate } from '../server/db/migrations'
import { DEFAULT_SEED_PRODUCTS, DEMO_LOGINS, DEMO_PASSWORD, isDatabaseEmpty, seedDatabase } from '../server/db/seed'

const MAX_PRODUCTS = 1_000_000
const USAGE = 'Использование: npm run seed -- [--products N] [--reset]'

class UsageError extends Error {}

function parseArguments(args: readonly string[]): { products: number; reset: boolean } {
  let products = DEFAULT_SEED_PRODUCTS
  let reset = false
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] ?? ''
    const [name, inline] = arg.split('=', 2)
    if (name === '--reset' && inline === undefined) reset = true
    else if (name === '--products') {
      const value = inline ?? args[++i]
      if (value === undefined || !/^\d+$/.test(value) || Number(value) < 1 || Number(value) > MAX_PRODUCTS) {
        throw new UsageError(`Количество товаров (--products) должно быть целым числом от 1 до 1 000 000, получено: ${value ?? 'ничего'}`)
      }
      products = Number(value)
    } else throw new UsageError(`Неизвестный аргумент: ${arg}`)
  }
  return { products, reset }
}

/** Empties every table of the PostgreSQL schema except the migration bookkeeping; ids restart from 1. */
async function truncateAll(db: Db): Promise<void> {
  const { rows } = await sql<{ tablename: string }>`
    SELECT tablename FROM pg_tables WHERE schemaname = current_schema() AND tablename NOT LIKE 'kysely_migration%'
  `.execute(db.kysely)
  if (rows.length === 0) return
  const tables = sql.join(rows.map((row) => sql.table(row.tablename)))
  await sql`TRUNCATE TABLE ${tables} RESTART IDENTITY CASCADE`.execute(db.kysely)
}

function removeSqliteFile(config: AppConfig): void {
  for (const suffix of ['', '-wal', '-shm']) rmSync(config.dbFile + suffix, { force: true })
}

const describeTarget = (config: AppConfig) => (config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `SQLite ${config.dbFile}`)

async function main(): Promise<number> {
  const { products, reset } = parseArguments(process.argv.slice(2))
  const config = loadConfig()
  if (reset && !config.databaseUrl) removeSqliteFile(config)
  const db = openConfiguredDatabase(config)
  try {
    await migrate(db)
    if (!(await isDatabaseEmpty(db))) {
      if (!reset) {
        console.error(`База данных ${describeTarget(config)} уже заполнена. Чтобы пересоздать демо-данные, добавьте --reset.`)
        return 1
      }
      await truncateAll(db)
    }
    console.log(`Заполняю ${describeTarget(config)}: ${products.toLocaleString('ru-RU')} товаров…`)
    const started = performance.now()
    // the demo history ends today, as on the first npm start
    const summary = await seedDatabase(db, { products, now: new Date() })
    const seconds = (performance.now() - started) / 1000
    const width = Math.max(...Object.keys(summary).map((table) => table.length))
    for (const [table, count] of Object.entries(summary)) console.log(`  ${table.padEnd(width)}  ${count.toLocaleString('ru-RU')}`)
    console.log(`Готово за ${seconds.toLocaleString('ru-RU', { maximumFractionDigits: 1 })} с.`)
    console.log(`\nДемо-входы (пароль ${DEMO_PASSWORD}):`)
    for (const login of DEMO_LOGINS) console.log(`  ${login.email.padEnd(30)} ${login.role}, ${login.company}`)
    return 0
  } finally {
    await db.close()
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n${USAGE}`)
      process.exit(2)
    }
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  },
)
