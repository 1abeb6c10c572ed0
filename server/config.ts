import { mkdirSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import * as z from 'zod/mini'
import { transformed } from '../src/contract/common'
import { DEFAULT_PG_POOL_SIZE, openDatabase, type Db } from './db/connection'

const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..')

/** API processes one start runs at most (PROCESSES, --processes): more than the cores buys nothing. */
export const MAX_PROCESSES = 64

const positiveInt = (fallback: number) => z._default(z.coerce.number().check(z.int(), z.positive()), fallback)
const optionalText = z.optional(z.string().check(z.trim()))

/**
 * TRUST_PROXY as Fastify takes it: 'true' trusts every proxy, a number counts hops,
 * anything else is a comma-separated list of proxy addresses or subnets.
 */
const trustProxy = transformed(optionalText, (value): boolean | number | string => {
  if (value === undefined || value === 'false' || value === '0') return false
  if (value === 'true') return true
  if (/^\d+$/.test(value)) return Number(value)
  return value
})

const envSchema = z.object({
  PROCESSES: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(MAX_PROCESSES)), 1),
  PORT: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(65_535)), 8080),
  HOST: z._default(z.string().check(z.trim(), z.minLength(1)), '0.0.0.0'),
  DATABASE_URL: z.pipe(optionalText, z.optional(z.string().check(z.regex(/^postgres(ql)?:\/\//, 'ожидается адрес postgres://...')))),
  PG_POOL_SIZE: positiveInt(DEFAULT_PG_POOL_SIZE),
  DB_FILE: z._default(z.string().check(z.trim(), z.minLength(1)), 'data/cabinet.sqlite'),
  SMTP_URL: z.pipe(optionalText, z.optional(z.string().check(z.regex(/^smtps?:\/\//, 'ожидается адрес smtp:// или smtps://')))),
  MAIL_FROM: z._default(z.string().check(z.trim(), z.minLength(1)), 'Кабинет дилера <no-reply@localhost>'),
  TRUST_PROXY: trustProxy,
  RATE_LIMIT_LOGIN: positiveInt(10),
  RATE_LIMIT_REGISTRATION: positiveInt(5),
  RATE_LIMIT_REMINDER: positiveInt(5),
  RATE_LIMIT_CAPTCHA: positiveInt(30),
  RATE_LIMIT_CALLBACK: positiveInt(5),
  RATE_LIMIT_PROBLEM_REPORT: positiveInt(5),
  RATE_LIMIT_LOGIN_ACCOUNT: positiveInt(10),
  RATE_LIMIT_REMINDER_ACCOUNT: positiveInt(5),
  SESSIONS_PER_USER: positiveInt(10),
  SEED_PRODUCTS: z._default(z.coerce.number().check(z.int(), z.gte(0)), 3000),
  LOG_LEVEL: z._default(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']), 'warn'),
  DADATA_TOKEN: optionalText,
  DADATA_URL: z._default(
    z.string().check(z.trim(), z.regex(/^https?:\/\//, 'ожидается адрес http:// или https://')),
    'https://suggestions.dadata.ru/suggestions/api/4_1/rs',
  ),
  DADATA_TIMEOUT_MS: positiveInt(2_000),
  CLIENT_DIR: z._default(z.string().check(z.trim(), z.minLength(1)), resolve(projectRoot, 'dist/client')),
  EXPORT_DIR: z._default(z.string().check(z.trim(), z.minLength(1)), 'data/exports'),
  NODE_ENV: optionalText,
  ATLAS: z.optional(z.enum(['0', '1'])),
  METRICS_TOKEN: optionalText,
  ATLAS_DIR: z._default(z.string().check(z.trim(), z.minLength(1)), 'reports/atlas'),
})

const russianMessages = z.locales.ru().localeError

export interface AppConfig {
  /** API processes on the one port (PROCESSES; `--processes N` overrides it): node:cluster when more than 1 */
  processes: number
  port: number
  host: string
  databaseUrl?: string
  /** PostgreSQL connections kept at most (PG_POOL_SIZE) */
  pgPoolSize: number
  dbFile: string
  smtpUrl?: string
  mailFrom: string
  trustProxy: boolean | number | string
  /** attempts per minute per client IP */
  rateLimits: { login: number; registration: number; reminder: number; captcha: number }
  /** attempts per minute per account (the login or e-mail asked for), whatever the addresses they come from */
  accountRateLimits: { login: number; reminder: number }
  /** callback requests per hour per account */
  callbacksPerHour: number
  /** «Сообщить о проблеме» reports per hour per account */
  problemReportsPerHour: number
  /** live sessions a user keeps at most: a new sign-in ends the oldest beyond it */
  sessionsPerUser: number
  seedProducts: number
  /** the built SPA (vite build output) */
  clientDir: string
  /**
   * The DaData-compatible suggestion service for addresses and names: used when `token` is set
   * (DADATA_TOKEN), at `url` (DADATA_URL), given up after `timeoutMs`; else the offline fallback answers.
   */
  suggestions: { token?: string; url: string; timeoutMs: number }
  logLevel: string
  /** where the exporter writes its XLSX files (EXPORT_DIR); several API processes share one folder */
  exportDir: string
  /**
   * The workflow atlas (npm run atlas) served at /atlas/: from ATLAS_DIR in development, in
   * production (NODE_ENV=production) only with ATLAS=1; ATLAS=0 turns it off anywhere. Undefined: off.
   */
  atlasDir?: string
  /** GET /metrics: with METRICS_TOKEN, only to `Authorization: Bearer <token>`; without, only to this machine */
  metricsToken?: string
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
    processes: e.PROCESSES,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    pgPoolSize: e.PG_POOL_SIZE,
    dbFile: resolve(projectRoot, e.DB_FILE),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    trustProxy: e.TRUST_PROXY,
    rateLimits: { login: e.RATE_LIMIT_LOGIN, registration: e.RATE_LIMIT_REGISTRATION, reminder: e.RATE_LIMIT_REMINDER, captcha: e.RATE_LIMIT_CAPTCHA },
    accountRateLimits: { login: e.RATE_LIMIT_LOGIN_ACCOUNT, reminder: e.RATE_LIMIT_REMINDER_ACCOUNT },
    callbacksPerHour: e.RATE_LIMIT_CALLBACK,
    problemReportsPerHour: e.RATE_LIMIT_PROBLEM_REPORT,
    sessionsPerUser: e.SESSIONS_PER_USER,
    seedProducts: e.SEED_PRODUCTS,
    clientDir: resolve(projectRoot, e.CLIENT_DIR),
    suggestions: { token: e.DADATA_TOKEN, url: e.DADATA_URL.replace(/\/+$/, ''), timeoutMs: e.DADATA_TIMEOUT_MS },
    logLevel: e.LOG_LEVEL,
    exportDir: resolve(projectRoot, e.EXPORT_DIR),
    metricsToken: e.METRICS_TOKEN,
    atlasDir: e.ATLAS === '1' || (e.ATLAS !== '0' && e.NODE_ENV !== 'production') ? resolve(projectRoot, e.ATLAS_DIR) : undefined,
  }
}

/** Opens the configured database: PostgreSQL when DATABASE_URL is set, else the SQLite file (its folder is created). */
export function openConfiguredDatabase(config: AppConfig): Db {
  if (config.databaseUrl) return openDatabase({ databaseUrl: config.databaseUrl, pgPoolSize: config.pgPoolSize })
  mkdirSync(dirname(config.dbFile), { recursive: true })
  return openDatabase({ sqliteFile: config.dbFile })
}
