import { mkdirSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { z } from 'zod'
import { openDatabase, type Db } from './db/connection'

const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..')

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback)
const optionalText = z.string().trim().optional()

/**
 * TRUST_PROXY as Fastify takes it: 'true' trusts every proxy, a number counts hops,
 * anything else is a comma-separated list of proxy addresses or subnets.
 */
const trustProxy = optionalText.transform((value): boolean | number | string => {
  if (value === undefined || value === 'false' || value === '0') return false
  if (value === 'true') return true
  if (/^\d+$/.test(value)) return Number(value)
  return value
})

const envSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65_535).default(8080),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  DATABASE_URL: optionalText.pipe(z.string().regex(/^postgres(ql)?:\/\//, 'ожидается адрес postgres://...').optional()),
  DB_FILE: z.string().trim().min(1).default('data/cabinet.sqlite'),
  SMTP_URL: optionalText.pipe(z.string().regex(/^smtps?:\/\//, 'ожидается адрес smtp:// или smtps://').optional()),
  MAIL_FROM: z.string().trim().min(1).default('Кабинет дилера <no-reply@localhost>'),
  TRUST_PROXY: trustProxy,
  RATE_LIMIT_LOGIN: positiveInt(10),
  RATE_LIMIT_REGISTRATION: positiveInt(5),
  RATE_LIMIT_REMINDER: positiveInt(5),
  RATE_LIMIT_CAPTCHA: positiveInt(30),
  SEED_PRODUCTS: z.coerce.number().int().min(0).default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('warn'),
  CLIENT_DIR: z.string().trim().min(1).default(resolve(projectRoot, 'dist/client')),
})

const russianMessages = z.locales.ru().localeError

export interface AppConfig {
  port: number
  host: string
  databaseUrl?: string
  dbFile: string
  smtpUrl?: string
  mailFrom: string
  trustProxy: boolean | number | string
  /** attempts per minute per client IP */
  rateLimits: { login: number; registration: number; reminder: number; captcha: number }
  seedProducts: number
  /** the built SPA (vite build output) */
  clientDir: string
  logLevel: string
}

export class ConfigError extends Error {
  override name = 'ConfigError'
}

export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  // an empty variable counts as unset, as in most deploy tools
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value?.trim()))
  const parsed = envSchema.safeParse(present, { error: russianMessages })
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = issue.path.join('.')
      return `  ${name}=${JSON.stringify(present[name])}: ${issue.message}`
    })
    throw new ConfigError(`Неверные настройки окружения:\n${problems.join('\n')}`)
  }
  const e = parsed.data
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dbFile: resolve(projectRoot, e.DB_FILE),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    trustProxy: e.TRUST_PROXY,
    rateLimits: { login: e.RATE_LIMIT_LOGIN, registration: e.RATE_LIMIT_REGISTRATION, reminder: e.RATE_LIMIT_REMINDER, captcha: e.RATE_LIMIT_CAPTCHA },
    seedProducts: e.SEED_PRODUCTS,
    clientDir: resolve(projectRoot, e.CLIENT_DIR),
    logLevel: e.LOG_LEVEL,
  }
}

/** Opens the configured database: PostgreSQL when DATABASE_URL is set, else the SQLite file (its folder is created). */
export function openConfiguredDatabase(config: AppConfig): Db {
  if (config.databaseUrl) return openDatabase({ databaseUrl: config.databaseUrl })
  mkdirSync(dirname(config.dbFile), { recursive: true })
  return openDatabase({ sqliteFile: config.dbFile })
}
