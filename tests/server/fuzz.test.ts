import { parse as parseForm } from 'node:querystring'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { setContractRequestSchema } from '../../src/contract/account'
import { loginRequestSchema, logoutRequestSchema } from '../../src/contract/auth'
import { processBasketRequestSchema } from '../../src/contract/basket'
import { filterRequestSchema } from '../../src/contract/catalogue'
import { needRequestSchema, wishRequestSchema } from '../../src/contract/product'
import { registrationRequestSchema, reminderRequestSchema } from '../../src/contract/registration'
import { searchRequestSchema } from '../../src/contract/search'
import { DEMO_PASSWORD, loginAs, snapshotAllTables, startServer, type ServerFixture } from '../support/server-fixture'

/**
 * Malformed bodies of every kind against the routes that change state, and the catalogue's
 * filter and search calls: each must get a 4xx with a
 * Russian message (never a 500) and leave every table exactly as it was.
 */

interface Target {
  url: string
  schema: z.ZodType
  /** a body the schema accepts, mutated into ones it does not */
  valid: Record<string, unknown>
  signedIn: boolean
}

// the filter and search calls answer the default page to a body that is absent (or JSON null)
const orDefaults = (schema: z.ZodType) => z.preprocess((value) => value ?? {}, schema)

const TARGETS: Target[] = [
  { url: '/api/login/', schema: loginRequestSchema, valid: { email: 'dealer@example.com', password: DEMO_PASSWORD }, signedIn: false },
  {
    url: '/registration/',
    schema: registrationRequestSchema,
    valid: {
      company: 'ООО «Ромашка»',
      inn: '7701234567',
      name: 'Иванов Иван',
      email: 'new@example.com',
      phone: '+7 (903) 123-45-67',
      password: 'password123',
      captcha: 'abcde',
    },
    signedIn: false,
  },
  { url: '/reminder/', schema: reminderRequestSchema, valid: { email: 'dealer@example.com' }, signedIn: false },
  { url: '/api/setContract/', schema: setContractRequestSchema, valid: { id: '1' }, signedIn: true },
  { url: '/api/logout/', schema: logoutRequestSchema, valid: {}, signedIn: true },
  {
    url: '/api/filter/',
    schema: orDefaults(filterRequestSchema),
    valid: { catalog: '27', contract: '0', warehouse: 1, page: 1, perpage: 20, brand: [3], byprice: true, minprice: 100, sorting: { field: 'price', sort: 'asc' } },
    signedIn: true,
  },
  { url: '/api/search/', schema: orDefaults(searchRequestSchema), valid: { keyword: 'дрель', contract: '0', page: 1 }, signedIn: true },
  { url: '/api/processBasket/', schema: processBasketRequestSchema, valid: { id: 1, qnt: 1, wms: 1, type: 'add', contract: '0' }, signedIn: true },
  { url: '/api/setWish/', schema: wishRequestSchema, valid: { id: 1 }, signedIn: true },
  { url: '/api/setNeed/', schema: needRequestSchema, valid: { id: 1, need: 1 }, signedIn: true },
]

const RUNS_PER_TARGET = 240
const MAX_BODY_BYTES = 1024 * 1024

interface Body {
  kind: string
  contentType: string
  payload: string
}

const isJson = (text: string) => {
  try {
    JSON.parse(text)
    return true
  } catch {
    return false
  }
}

function bodiesFor(target: Target): fc.Arbitrary<Body> {
  const keys = Object.keys(target.valid)
  const fails = (value: unknown) => !target.schema.safeParse(value).success
  const key = keys.length > 0 ? fc.oneof(fc.constantFrom(...keys), fc.string({ maxLength: 12 })) : fc.string({ maxLength: 12 })

  const mutated = fc
    .record({
      drop: fc.subarray(keys),
      replace: fc.dictionary(key, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
      huge: fc.option(fc.tuple(key, fc.integer({ min: 255, max: 50_000 })), { nil: undefined }),
    })
    .map(({ drop, replace, huge }) => {
      const value: Record<string, unknown> = { ...target.valid, ...replace }
      for (const name of drop) delete value[name]
      if (huge) value[huge[0]] = 'ж'.repeat(huge[1])
      return value
    })
  const json = fc
    .oneof(
      { weight: 4, arbitrary: mutated },
      { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
      { weight: 1, arbitrary: fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }) },
      { weight: 1, arbitrary: fc.constantFrom(null, true, 0, '', [], [target.valid], 'null') },
    )
    .filter(fails)
    .map((value): Body => ({ kind: 'json', contentType: 'application/json', payload: JSON.stringify(value) }))

  const brokenJson = fc
    .oneof(fc.string({ maxLength: 60 }), fc.constantFrom('', ' ', '{', '{"email":', "{'a':1}", 'undefined', '[1,]', '{"__proto__":{"x":1}}'))
    .filter((text) => !isJson(text) || text.includes('__proto__'))
    .map((payload): Body => ({ kind: 'non-JSON text as JSON', contentType: 'application/json; charset=utf-8', payload }))

  const form = fc
    .dictionary(key, fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom('', ...Object.values(target.valid).map(String))), { maxKeys: 8 })
    .map((fields) => new URLSearchParams(fields).toString())
    .filter((payload) => fails({ ...parseForm(payload) }))
    .map((payload): Body => ({ kind: 'form-encoded', contentType: 'application/x-www-form-urlencoded', payload }))

  const other = fc
    .tuple(fc.constantFrom('text/plain', 'application/xml', 'multipart/form-data; boundary=x', 'application/octet-stream', 'image/png'), fc.string({ minLength: 1, maxLength: 40 }))
    .map(([contentType, payload]): Body => ({ kind: contentType.split(';')[0]!, contentType, payload }))

  return fc.oneof({ weight: 6, arbitrary: json }, { weight: 2, arbitrary: brokenJson }, { weight: 2, arbitrary: form }, { weight: 1, arbitrary: other })
}

let fixture: ServerFixture
let cookie: string
beforeAll(async () => {
  fixture = await startServer()
  cookie = await loginAs(fixture, 'mainAccount')
})
afterAll(() => fixture?.close())

describe('fuzzing the state-changing routes with malformed bodies', () => {
  it('answers every malformed body with a Russian 4xx and changes no table', async () => {
    const before = await snapshotAllTables(fixture.db)
    const sent = new Map<string, number>()
    const send = async (target: Target, body: Body) => {
      const response = await fixture.app.inject({
        method: 'POST',
        url: target.url,
        payload: body.payload,
        headers: { 'content-type': body.contentType, ...(target.signedIn ? { cookie } : {}) },
      })
      sent.set(body.kind, (sent.get(body.kind) ?? 0) + 1)
      const label = `${target.url} ${body.contentType} ${body.payload.slice(0, 200)}`
      expect(response.statusCode, label).toBeGreaterThanOrEqual(400)
      expect(response.statusCode, label).toBeLessThan(500)
      expect(response.json().message, label).toMatch(/[А-Яа-яЁё]/)
    }

    for (const target of TARGETS) {
      await fc.assert(
        fc.asyncProperty(bodiesFor(target), (body) => send(target, body)),
        { numRuns: RUNS_PER_TARGET },
      )
      const tooLarge = JSON.stringify({ ...target.valid, padding: 'x'.repeat(MAX_BODY_BYTES) })
      await send(target, { kind: 'over 1 MB', contentType: 'application/json', payload: tooLarge })
    }

    expect(await snapshotAllTables(fixture.db)).toEqual(before)
    const total = [...sent.values()].reduce((sum, count) => sum + count, 0)
    console.log(`fuzz: ${total} malformed bodies sent (${[...sent].map(([kind, count]) => `${kind} ${count}`).join(', ')})`)
    expect(total).toBeGreaterThanOrEqual(1000)
  })
})
