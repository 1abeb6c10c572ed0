import { createTransport } from 'nodemailer'
import type { Db } from '../db/connection'

export interface OutgoingMail {
  to: string
  subject: string
  text: string
}

/** Records every mail in the outbox and delivers it when SMTP is configured. Never throws. */
export interface Mailer {
  send: (mail: OutgoingMail) => Promise<void>
}

export interface MailLog {
  info: (message: string) => void
  error: (message: string) => void
}

/** What actually delivers; nodemailer's transport has this shape. */
export interface MailTransport {
  sendMail: (message: OutgoingMail & { from: string }) => Promise<unknown>
}

export interface MailerOptions {
  db: Db
  from: string
  log: MailLog
  now: () => Date
  smtpUrl?: string
  /** overrides SMTP_URL (tests) */
  transport?: MailTransport
}

function createSmtpTransport(smtpUrl: string): MailTransport {
  return createTransport({ url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 })
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

export function createMailer(options: MailerOptions): Mailer {
  const { db, log, now } = options
  const transport = options.transport ?? (options.smtpUrl ? createSmtpTransport(options.smtpUrl) : undefined)

  async function deliver(outboxId: number, mail: OutgoingMail, transport: MailTransport) {
    try {
      await transport.sendMail({ ...mail, from: options.from })
      await db.kysely.updateTable('outbox').set({ sent_at: now().toISOString() }).where('id', '=', outboxId).execute()
    } catch (error) {
      log.error(`Письмо для ${mail.to} не отправлено: ${reasonOf(error)}`)
      await db.kysely
        .updateTable('outbox')
        .set({ error: reasonOf(error) })
        .where('id', '=', outboxId)
        .execute()
    }
  }

  return {
    async send(mail) {
      try {
        const { id } = await db.kysely
          .insertInto('outbox')
          .values({ recipient: mail.to, subject: mail.subject, body: mail.text, created_at: now().toISOString(), sent_at: null, error: null })
          .returning('id')
          .executeTakeFirstOrThrow()
        if (transport) await deliver(id, mail, transport)
        else log.info(`Письмо для ${mail.to}: ${mail.subject}`)
      } catch (error) {
        log.error(`Письмо для ${mail.to} не записано: ${reasonOf(error)}`)
      }
    },
  }
}
