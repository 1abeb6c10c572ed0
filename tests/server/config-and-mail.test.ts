import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../../server/config'
import { createMailer, type MailLog } from '../../server/mail/mailer'
import { createFreshDb, type FreshDb } from '../../scripts/bench-support/fresh-db'

describe('configuration', () => {
  it('has working defaults', () => {
    const config = loadConfig({})
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: undefined,
      smtpUrl: undefined,
      trustProxy: false,
      rateLimits: { login: 10, registration: 5, reminder: 5, captcha: 30 },
      seedProducts: 3000,
      pgPoolSize: 20,
    })
    expect(config.dbFile).toMatch(/[/\\]data[/\\]cabinet\.sqlite$/)
    expect(config.clientDir).toMatch(/[/\\]dist[/\\]client$/)
  })

  it('reads the environment, empty values counting as unset', () => {
    const config = loadConfig({
      PORT: '3000',
      DATABASE_URL: 'postgres://u@db:5432/cabinet',
      SMTP_URL: 'smtp://mail:25',
      RATE_LIMIT_LOGIN: '20',
      SEED_PRODUCTS: '',
      TRUST_PROXY: '2',
      PG_POOL_SIZE: '40',
    })
    expect(config).toMatchObject({
      pgPoolSize: 40,
      port: 3000,
      databaseUrl: 'postgres://u@db:5432/cabinet',
      smtpUrl: 'smtp://mail:25',
      seedProducts: 3000,
      trustProxy: 2,
    })
    expect(config.rateLimits.login).toBe(20)
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true)
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toBe('10.0.0.0/8, 127.0.0.1')
  })

  it('stops with a clear Russian message on a bad value', () => {
    for (const env of [
      { PORT: 'eighty' },
      { PORT: '70000' },
      { RATE_LIMIT_LOGIN: '0' },
      { PG_POOL_SIZE: '0' },
      { DATABASE_URL: 'mysql://x' },
      { SMTP_URL: 'http://x' },
    ]) {
      const name = Object.keys(env)[0]!
      expect(() => loadConfig(env)).toThrow(ConfigError)
      expect(() => loadConfig(env)).toThrow(new RegExp(`^Неверные настройки окружения:\\n  ${name}=".*": [А-Яа-я]`))
    }
  })
})

describe('mailer', () => {
  let db: FreshDb
  beforeAll(async () => {
    db = await createFreshDb()
  })
  afterAll(() => db?.dispose())

  const now = () => new Date('2026-01-15T10:00:00Z')
  const recordingLog = () => {
    const lines: string[] = []
    const log: MailLog = { info: (line) => lines.push(line), error: (line) => lines.push(line) }
    return { lines, log }
  }
  const outboxFor = (to: string) => db.kysely.selectFrom('outbox').selectAll().where('recipient', '=', to).executeTakeFirstOrThrow()

  it('without SMTP only records the mail and logs it', async () => {
    const { lines, log } = recordingLog()
    await createMailer({ db, from: 'a@b', now, log }).send({ to: 'one@example.com', subject: 'Тема', text: 'Текст' })
    expect(lines).toEqual(['Письмо для one@example.com: Тема'])
    expect(await outboxFor('one@example.com')).toMatchObject({ subject: 'Тема', body: 'Текст', created_at: now().toISOString(), sent_at: null, error: null })
  })

  it('with a transport delivers and marks the mail sent', async () => {
    const sent: unknown[] = []
    const mailer = createMailer({ db, from: 'Кабинет <a@b>', now, log: recordingLog().log, transport: { sendMail: async (m) => sent.push(m) } })
    await mailer.send({ to: 'two@example.com', subject: 'Тема', text: 'Текст' })
    expect(sent).toEqual([{ from: 'Кабинет <a@b>', to: 'two@example.com', subject: 'Тема', text: 'Текст' }])
    expect((await outboxFor('two@example.com')).sent_at).toBe(now().toISOString())
  })

  it('records a failed delivery instead of throwing, also over real SMTP to a closed port', async () => {
    const { lines, log } = recordingLog()
    const failing = createMailer({ db, from: 'a@b', now, log, transport: { sendMail: async () => Promise.reject(new Error('SMTP недоступен')) } })
    await expect(failing.send({ to: 'three@example.com', subject: 'Т', text: 'Т' })).resolves.toBeUndefined()
    expect(await outboxFor('three@example.com')).toMatchObject({ sent_at: null, error: 'SMTP недоступен' })
    expect(lines).toEqual(['Письмо для three@example.com не отправлено: SMTP недоступен'])

    const smtp = createMailer({ db, from: 'a@b', now, log, smtpUrl: 'smtp://127.0.0.1:1' })
    await smtp.send({ to: 'four@example.com', subject: 'Т', text: 'Т' })
    expect((await outboxFor('four@example.com')).error).toMatch(/ECONNREFUSED|connect/i)
  })
})
