import type { FastifyInstance } from 'fastify'
import { REGISTRATION_MESSAGES, registrationRequestSchema, type RegistrationRequest, type RegistrationResponse } from '../../src/contract/registration'
import { CAPTCHA_COOKIE, checkCaptcha, generateCaptchaText, isCaptchaId, newCaptchaId, storeCaptcha } from '../auth/captchas'
import { MAIN_ACCOUNT_TYPE } from '../auth/contract-access'
import { hashPassword } from '../auth/passwords'
import { enforceRateLimit } from '../auth/rate-limit'
import type { Db } from '../db/connection'
import type { AppDeps } from '../deps'
import { registrationReceivedMail } from '../mail/messages'
import { describeIssue, parseBody, type DescribeIssue } from '../validation'
import { renderCaptchaSvg } from './captcha-image'

/** A field's own message (the form shows it as is); anything else is a malformed request. */
const fieldMessage: DescribeIssue = (issue) => (issue.path.length > 0 && issue.code !== 'invalid_type' ? issue.message : describeIssue(issue))

const failure = (message: string): RegistrationResponse => ({ state: 'error', message })

async function isEmailTaken(db: Db, email: string): Promise<boolean> {
  const row = await db.kysely.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()
  return row !== undefined
}

/** The company, its first contragent and its main account, all or nothing; the account waits for approval. */
async function createPendingCustomer(db: Db, request: RegistrationRequest & { email: string }, passwordHash: string, now: Date) {
  const createdAt = now.toISOString()
  await db.kysely.transaction().execute(async (trx) => {
    const customer = await trx
      .insertInto('customers')
      .values({ company: request.company, inn: request.inn, created_at: createdAt })
      .returning('id')
      .executeTakeFirstOrThrow()
    await trx.insertInto('contragents').values({ customer_id: customer.id, company: request.company, inn: request.inn, is_new: 1, state: 'active' }).execute()
    await trx
      .insertInto('users')
      .values({
        customer_id: customer.id,
        email: request.email,
        password_hash: passwordHash,
        type_id: MAIN_ACCOUNT_TYPE,
        name: request.name,
        phone: request.phone,
        enabled: '1',
        approval: 'pending',
        disabled_menus: '[]',
        current_contract_id: null,
        created_at: createdAt,
      })
      .execute()
  })
}

export function registerRegistrationRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps

  app.get('/registration/captcha', async (request, reply) => {
    // each picture without a known cookie is a new row: a bot must not fill the table
    await enforceRateLimit(deps, request, 'captcha')
    const cookieId = request.cookies[CAPTCHA_COOKIE]
    const captchaId = isCaptchaId(cookieId) ? cookieId : newCaptchaId()
    const text = generateCaptchaText()
    await storeCaptcha(db, captchaId, text, deps.now())
    reply.setCookie(CAPTCHA_COOKIE, captchaId, {
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      secure: request.protocol === 'https',
    })
    return reply.header('cache-control', 'no-store').type('image/svg+xml; charset=utf-8').send(renderCaptchaSvg(text))
  })

  app.post('/registration/', { config: { errorBody: failure } }, async (request): Promise<RegistrationResponse> => {
    const form = parseBody(registrationRequestSchema, request, fieldMessage)
    await enforceRateLimit(deps, request, 'registration')
    const captcha = await checkCaptcha(db, request.cookies[CAPTCHA_COOKIE], form.captcha, deps.now())
    if (captcha === 'expired') return failure(REGISTRATION_MESSAGES.captchaExpired)
    if (captcha === 'wrong') return failure(REGISTRATION_MESSAGES.captchaWrong)

    const email = form.email.toLowerCase()
    if (await isEmailTaken(db, email)) return failure(REGISTRATION_MESSAGES.emailTaken)
    const passwordHash = await hashPassword(form.password)
    try {
      await createPendingCustomer(db, { ...form, email }, passwordHash, deps.now())
    } catch (error) {
      // a parallel registration with the same e-mail won the unique index
      if (await isEmailTaken(db, email)) return failure(REGISTRATION_MESSAGES.emailTaken)
      throw error
    }
    await deps.mailer.send(registrationReceivedMail(email, form.name))
    return { state: 'success', message: REGISTRATION_MESSAGES.success }
  })
}
