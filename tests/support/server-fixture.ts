import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { buildApp, type BuildAppOptions } from '../../server/app'
import { loadConfig, type AppConfig } from '../../server/config'
import { readCaptchaAnswer, CAPTCHA_COOKIE } from '../../server/auth/captchas'
import { SESSION_COOKIE } from '../../server/auth/sessions'
import { DEMO_LOGINS, DEMO_PASSWORD, seedDatabase } from '../../server/db/seed'
import { createMailer, type MailTransport } from '../../server/mail/mailer'
import { createFreshDb, type FreshDb } from '../../scripts/bench-support/fresh-db'
export { readTable, snapshotAllTables } from '../../scripts/bench-support/table-snapshot'
import { checkAnswersAgainstDocument } from './answer-check'

export { DEMO_PASSWORD }

interface TestClock {
  now: () => Date
  advance: (ms: number) => void
}

function createClock(start = new Date()): TestClock {
  let current = start.getTime()
  return { now: () => new Date(current), advance: (ms) => (current += ms) }
}

export interface ServerFixture {
  app: FastifyInstance
  db: FreshDb
  config: AppConfig
  clock: TestClock
  close: () => Promise<void>
}

export interface ServerFixtureOptions {
  /** per-minute limits; generous unless a test is about them */
  rateLimits?: Partial<AppConfig['rateLimits']>
  /** per-minute limits per account; generous unless a test is about them */
  accountRateLimits?: Partial<AppConfig['accountRateLimits']>
  clientDir?: string
  products?: number
  mailTransport?: MailTransport
  /** the moment the seeded history ends and the clock starts (the seed's fixed moment and the real time if left out) */
  seedAt?: Date
  /** the suggestion service (DADATA_*); none unless a test is about it */
  suggestions?: AppConfig['suggestions']
  /** the request log, off unless a test reads it */
  log?: BuildAppOptions
  /** environment variables the configuration is loaded from (none unless a test is about them) */
  env?: Record<string, string>
}

const GENEROUS_LIMIT = 10_000

/** The app on a fresh database seeded small, with a fake clock and a mailer that only fills the outbox. */
export async function startServer(options: ServerFixtureOptions = {}): Promise<ServerFixture> {
  const db = await createFreshDb()
  await seedDatabase(db, { products: options.products ?? 60, now: options.seedAt })
  const base = loadConfig(options.env ?? {})
  const config: AppConfig = {
    ...base,
    clientDir: options.clientDir ?? '/nonexistent/dist/client',
    rateLimits: { login: GENEROUS_LIMIT, registration: GENEROUS_LIMIT, reminder: GENEROUS_LIMIT, captcha: GENEROUS_LIMIT, ...options.rateLimits },
    accountRateLimits: { login: GENEROUS_LIMIT, reminder: GENEROUS_LIMIT, ...options.accountRateLimits },
    suggestions: options.suggestions ?? base.suggestions,
  }
  const clock = createClock(options.seedAt)
  const silent = { info: () => {}, error: () => {} }
  const mailer = createMailer({ db, from: config.mailFrom, now: clock.now, log: silent, transport: options.mailTransport })
  const app = await buildApp({ db, config, mailer, now: clock.now }, options.log)
  const answerMismatches = checkAnswersAgainstDocument(app)
  return {
    app,
    db,
    config,
    clock,
    close: async () => {
      await app.close()
      await db.dispose()
      const mismatches = answerMismatches()
      if (mismatches.length > 0) throw new Error(`answers that do not match the OpenAPI document:\n${mismatches.join('\n')}`)
    },
  }
}

export type DemoRole = 'mainAccount' | 'manager'

/** A demo login by role and company (0 or 1, in seed order). */
export function demoLogin(role: DemoRole, company = 0): { email: string; company: string } {
  const companies = [...new Set(DEMO_LOGINS.map((login) => login.company))]
  const ofCompany = DEMO_LOGINS.filter((login) => login.company === companies[company])
  const login = role === 'manager' ? ofCompany.find((l) => l.role === 'менеджер') : ofCompany.find((l) => l.role !== 'менеджер')
  if (!login) throw new Error(`no demo ${role} for company ${company}`)
  return login
}

/** The value of a Set-Cookie the response sets (undefined when it sets none or clears it). */
export function cookieValue(response: LightMyRequestResponse, name: string): string | undefined {
  const cookie = response.cookies.find((c) => c.name === name)
  return cookie?.value ? cookie.value : undefined
}

/** Logs in through the API and answers the Cookie header for the session. */
export async function loginCookie(app: FastifyInstance, email: string, password = DEMO_PASSWORD): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/login/', payload: { email, password } })
  const sessionId = cookieValue(response, SESSION_COOKIE)
  if (response.statusCode !== 200 || !sessionId) throw new Error(`login as ${email} failed: ${response.statusCode} ${response.body}`)
  return `${SESSION_COOKIE}=${sessionId}`
}

export const loginAs = (fixture: ServerFixture, role: DemoRole, company = 0) => loginCookie(fixture.app, demoLogin(role, company).email)

/** Fetches a captcha picture as a browser would; answers its cookie and (reading the database, as a person reads the picture) its answer. */
export async function solveCaptcha(fixture: ServerFixture, cookie?: string): Promise<{ cookie: string; answer: string; response: LightMyRequestResponse }> {
  const response = await fixture.app.inject({
    method: 'GET',
    url: `/registration/captcha?t=${Date.now()}`,
    headers: cookie ? { cookie } : {},
  })
  const captchaId = cookieValue(response, CAPTCHA_COOKIE)
  if (!captchaId) throw new Error('the captcha set no cookie')
  const answer = await readCaptchaAnswer(fixture.db, captchaId)
  if (!answer) throw new Error('the captcha has no answer in the database')
  return { cookie: `${CAPTCHA_COOKIE}=${captchaId}`, answer, response }
}
