import { parse as parseForm } from 'node:querystring'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { setContractRequestSchema } from '../../src/contract/account'
import { actRequestSchema } from '../../src/contract/acts'
import { loginRequestSchema, logoutRequestSchema } from '../../src/contract/auth'
import { processBasketRequestSchema } from '../../src/contract/basket'
import { brandProductsRequestSchema, filterRequestSchema } from '../../src/contract/catalogue'
import { clearBasketRequestSchema, placeOrderRequestSchema, processProductSetRequestSchema } from '../../src/contract/delivery'
import { addToDraftRequestSchema, draftActionRequestSchema } from '../../src/contract/drafts'
import { deleteFavoritesRequestSchema } from '../../src/contract/favorites'
import { orderActionRequestSchema } from '../../src/contract/orders'
import { addCartFromPricelistRequestSchema, PRICELIST_LIMITS, uploadFileFieldsSchema, uploadTextRequestSchema } from '../../src/contract/pricelist'
import { ASYNC_TAB_IDS, bindsRequestSchema, needRequestSchema, unsetNeedRequestSchema, wishRequestSchema } from '../../src/contract/product'
import { registrationRequestSchema, reminderRequestSchema } from '../../src/contract/registration'
import { searchRequestSchema } from '../../src/contract/search'
import { genericResourceRequestSchema } from '../../src/contract/generic-resource'
import { TEXT_MESSAGES } from '../../src/contract/common'
import { multipartForm, type FilePart } from '../../scripts/bench-support/multipart'
import { DEMO_PASSWORD, loginAs, snapshotAllTables, startServer, type ServerFixture } from '../support/server-fixture'

/**
 * Malformed bodies of every kind against every POST route with a body (the ones that change
 * state, and the catalogue's filter, search, brand and binds calls): each must get a 4xx with a
 * Russian message (never a 500) and leave every table exactly as it was. The multipart upload
 * (/api/uploadsFromFile/) has its own test below.
 */

interface Target {
  url: string
  schema: z.ZodMiniType
  /** a body the schema accepts, mutated into ones it does not */
  valid: Record<string, unknown>
  signedIn: boolean
  /** the call takes an array of such items (the bulk form): mutated bodies are sent inside one */
  asArray?: boolean
  /** the body over the size limit, when padding alone would not do (a route with its own larger limit) */
  oversized?: Record<string, unknown>
  /** the fields that take a user's text (dotted paths into the body): a control character in one is refused */
  texts?: readonly string[]
}

// the filter and search calls answer the default page to a body that is absent (or JSON null)
const orDefaults = (schema: z.ZodMiniType) =>
  z.pipe(
    z.transform((value: unknown): unknown => value ?? {}),
    schema,
  )

const TARGETS: Target[] = [
  { url: '/api/login/', schema: loginRequestSchema, valid: { email: 'dealer@example.com', password: DEMO_PASSWORD }, signedIn: false, texts: ['email'] },
  {
    url: '/registration/',
    schema: registrationRequestSchema,
    valid: {
      company: 'ООО «Ромашка»',
      inn: '7707083893',
      name: 'Иванов Иван',
      email: 'new@example.com',
      phone: '+7 (903) 123-45-67',
      password: 'password123',
      captcha: 'abcde',
    },
    signedIn: false,
    texts: ['company', 'name', 'email', 'captcha'],
  },
  { url: '/reminder/', schema: reminderRequestSchema, valid: { email: 'dealer@example.com' }, signedIn: false, texts: ['email'] },
  { url: '/api/setContract/', schema: setContractRequestSchema, valid: { id: '1' }, signedIn: true },
  { url: '/api/logout/', schema: logoutRequestSchema, valid: {}, signedIn: true },
  {
    url: '/api/filter/',
    schema: orDefaults(filterRequestSchema),
    valid: {
      catalog: '27',
      contract: '0',
      warehouse: 1,
      page: 1,
      perpage: 20,
      brand: [3],
      byprice: true,
      minprice: 100,
      sorting: { field: 'price', sort: 'asc' },
    },
    signedIn: true,
    texts: ['origin', 'query'],
  },
  {
    url: '/api/search/',
    schema: orDefaults(searchRequestSchema),
    valid: { keyword: 'дрель', contract: '0', page: 1 },
    signedIn: true,
    texts: ['keyword', 'origin'],
  },
  { url: '/api/processBasket/', schema: processBasketRequestSchema, valid: { id: 1, qnt: 1, wms: 1, type: 'add', contract: '0' }, signedIn: true },
  { url: '/api/setWish/', schema: wishRequestSchema, valid: { id: 1 }, signedIn: true },
  { url: '/api/setNeed/', schema: needRequestSchema, valid: { id: 1, need: 1 }, signedIn: true },
  { url: '/api/unsetWish/', schema: wishRequestSchema, valid: { id: 1 }, signedIn: true },
  { url: '/api/unsetNeed/', schema: unsetNeedRequestSchema, valid: { id: 1 }, signedIn: true },
  { url: '/api/processBasketUpdate/', schema: processBasketRequestSchema, valid: { id: 1, qnt: 1, wms: 1, type: 'update', contract: '0' }, signedIn: true },
  { url: '/api/clearBasket/', schema: clearBasketRequestSchema, valid: { contract: '0' }, signedIn: true },
  {
    url: '/api/processProductSet/',
    schema: processProductSetRequestSchema,
    valid: { contract: '0', products: [{ id: 1, qnt: 1, wms: 1 }] },
    signedIn: true,
  },
  {
    url: '/api/placeOrder/',
    schema: placeOrderRequestSchema,
    valid: { contract: '0', delivery: { method: '1', company: null, type: 'terminal', region: '1' }, address_id: null, consignee_id: null, comment: '' },
    signedIn: true,
    texts: ['comment', 'delivery.method', 'delivery.company', 'delivery.region'],
  },
  { url: '/api/getProductsByBrandId/', schema: brandProductsRequestSchema, valid: { id: 3, page: 1, contract: '0', warehouse: 1 }, signedIn: true },
  {
    url: '/api/binds/',
    schema: bindsRequestSchema,
    valid: { id: 1, bindIds: [...ASYNC_TAB_IDS], contract: '0', warehouse: 1 },
    signedIn: true,
    asArray: true,
  },
  {
    url: '/api/addToDraft/',
    schema: addToDraftRequestSchema,
    valid: { header: 'Черновик к понедельнику', contract: '0' },
    signedIn: true,
    texts: ['header'],
  },
  { url: '/api/drafts/', schema: draftActionRequestSchema, valid: { id: 1, action: 'remove' }, signedIn: true },
  // the generic resource (spec §7), also under its /rest/ alias
  { url: '/api/drafts/1/', schema: genericResourceRequestSchema, valid: { method: 'del' }, signedIn: true },
  { url: '/rest/noSuchResource/', schema: genericResourceRequestSchema, valid: { method: 'put' }, signedIn: true },
  {
    url: '/api/order/',
    schema: orderActionRequestSchema,
    valid: { id: 1, action: 'cancel', cancelComment: 'дубль заказа' },
    signedIn: true,
    texts: ['cancelComment'],
  },
  { url: '/ajax/deletefavorites/', schema: deleteFavoritesRequestSchema, valid: { id: 1 }, signedIn: true },
  {
    url: '/api/uploadsFromBuffer/',
    schema: uploadTextRequestSchema,
    valid: { text: 'EHL-1234A56752 2', contract: '0', wms: 1 },
    signedIn: true,
    // its own body limit is larger (form-encoded Cyrillic): the text itself goes over its 1 MB
    oversized: { text: 'x'.repeat(PRICELIST_LIMITS.textBytes + 1), contract: '0', wms: 1 },
    texts: ['text'],
  },
  { url: '/api/addCartFromPricelist/', schema: addCartFromPricelistRequestSchema, valid: { cartList: { '1': 2 }, contract: '0', wms: 1 }, signedIn: true },
  {
    url: '/api/act/',
    schema: actRequestSchema,
    valid: { act: { contract_id: 1, contragent_id: 1, startdate: '01.08.2026', enddate: '31.10.2026' } },
    signedIn: true,
  },
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
      return target.asArray ? [value] : value
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
    .tuple(
      fc.constantFrom('text/plain', 'application/xml', 'multipart/form-data; boundary=x', 'application/octet-stream', 'image/png'),
      fc.string({ minLength: 1, maxLength: 40 }),
    )
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
      const oversized = target.oversized ?? { ...target.valid, padding: 'x'.repeat(MAX_BODY_BYTES) }
      const tooLarge = JSON.stringify(target.asArray ? [oversized] : oversized)
      await send(target, { kind: 'over 1 MB', contentType: 'application/json', payload: tooLarge })
    }

    expect(await snapshotAllTables(fixture.db)).toEqual(before)
    const total = [...sent.values()].reduce((sum, count) => sum + count, 0)
    console.log(`fuzz: ${total} malformed bodies sent (${[...sent].map(([kind, count]) => `${kind} ${count}`).join(', ')})`)
    expect(total).toBeGreaterThanOrEqual(1000)
    // some 6,500 requests: on a loaded machine they take longer than the project's 30 s (no timing is asserted)
  }, 300_000)
})

/** Fields where text over several lines is legitimate: tabs and line breaks pass there, no other control character. */
const MULTILINE_TEXTS = new Set(['comment', 'cancelComment', 'text'])
/** Unicode's control characters (C0, DEL, C1) */
const CONTROL_CODES = [...Array.from({ length: 0x20 }, (_, code) => code), ...Array.from({ length: 0x21 }, (_, i) => 0x7f + i)]
const LAYOUT_CODES = new Set([0x09, 0x0a, 0x0d])

const controlCharacter = (multiline: boolean) =>
  fc.constantFrom(...CONTROL_CODES.filter((code) => !multiline || !LAYOUT_CODES.has(code))).map((code) => String.fromCharCode(code))

/** The body with `text` at the dotted path. */
function withText(body: Record<string, unknown>, path: string, text: string): Record<string, unknown> {
  const [name, ...rest] = path.split('.') as [string, ...string[]]
  const inner = body[name]
  return {
    ...body,
    [name]: rest.length > 0 ? withText(typeof inner === 'object' && inner !== null ? (inner as Record<string, unknown>) : {}, rest.join('.'), text) : text,
  }
}

const textAt = (body: Record<string, unknown>, path: string): string => {
  const value = path
    .split('.')
    .reduce<unknown>((inner, name) => (typeof inner === 'object' && inner !== null ? (inner as Record<string, unknown>)[name] : undefined), body)
  return typeof value === 'string' ? value : ''
}

/**
 * A field's good text with control characters put in (the NUL most often): anywhere in text over
 * several lines, strictly inside a line (at its ends a tab or line break is whitespace, trimmed).
 */
const spoiledText = (text: string, multiline: boolean) => {
  const good = !multiline && text.length < 2 ? 'текст' : text
  const place = (at: number) => (multiline ? at % (good.length + 1) : 1 + (at % (good.length - 1)))
  return fc
    .array(fc.tuple(fc.nat(), fc.oneof({ weight: 2, arbitrary: fc.constant('\u0000') }, { weight: 3, arbitrary: controlCharacter(multiline) })), {
      minLength: 1,
      maxLength: 3,
    })
    .map((insertions) =>
      insertions.reduce((spoiled, [at, character]) => {
        // every insertion goes inside the good text, so it stays between good characters
        const cut = place(at)
        return spoiled.slice(0, cut) + character + spoiled.slice(cut)
      }, good),
    )
}

/** GET calls whose query takes a user's text. */
const TEXT_QUERIES = [
  { url: '/api/order/', valid: { dateselect: 'all', search_doc: '40', article: 'EHL' }, texts: ['search_doc', 'article'] },
  { url: '/search/', valid: { keyword: 'дрель', simple: '1' }, texts: ['keyword', 'simple'] },
] as const

const TEXT_RUNS_PER_FIELD = 25

describe('a control character in any text a user sends', () => {
  it('is refused with 400 and a Russian message naming it, before anything is stored or asked of the database', async () => {
    const before = await snapshotAllTables(fixture.db)
    let sent = 0
    const expectRefused = (response: { statusCode: number; json: () => { message?: unknown } }, label: string) => {
      sent++
      expect(response.statusCode, label).toBe(400)
      expect(String(response.json().message), label).toContain(TEXT_MESSAGES.controlCharacter)
    }

    for (const target of TARGETS) {
      for (const path of target.texts ?? []) {
        const multiline = MULTILINE_TEXTS.has(path)
        await fc.assert(
          fc.asyncProperty(spoiledText(textAt(target.valid, path), multiline), async (text) => {
            const body = withText(target.valid, path, text)
            const response = await fixture.app.inject({
              method: 'POST',
              url: target.url,
              payload: target.asArray ? [body] : body,
              headers: target.signedIn ? { cookie } : {},
            })
            expectRefused(response, `${target.url} ${path} ${JSON.stringify(text)}`)
          }),
          { numRuns: TEXT_RUNS_PER_FIELD },
        )
      }
    }
    for (const query of TEXT_QUERIES) {
      for (const path of query.texts) {
        await fc.assert(
          fc.asyncProperty(spoiledText(query.valid[path as keyof typeof query.valid], false), async (text) => {
            const search = new URLSearchParams({ ...query.valid, [path]: text })
            const response = await fixture.app.inject({ method: 'GET', url: `${query.url}?${search.toString()}`, headers: { cookie } })
            expectRefused(response, `GET ${query.url} ${path} ${JSON.stringify(text)}`)
          }),
          { numRuns: TEXT_RUNS_PER_FIELD },
        )
      }
    }

    expect(await snapshotAllTables(fixture.db)).toEqual(before)
    console.log(`fuzz: ${sent} texts with control characters sent`)
  })
})

const UPLOAD_URL = '/api/uploadsFromFile/'
const UPLOAD_RUNS = 400

interface Upload {
  kind: string
  contentType: string
  payload: Buffer
}

const asUpload = (kind: string, form: { payload: Buffer; headers: { 'content-type': string } }): Upload => ({
  kind,
  contentType: form.headers['content-type'],
  payload: form.payload,
})

/**
 * Multipart forms that cannot be read as an upload: cut short, without the file, with fields the
 * schema refuses, plain garbage under a multipart type, or a form sent under another type.
 */
function uploadsFor(): fc.Arbitrary<Upload> {
  const content = fc.oneof(fc.string({ maxLength: 80 }), fc.constant('EHL-1234A56752;2\n'))
  const file = content.map((text): FilePart => ({ content: text, filename: 'order.csv', type: 'text/csv' }))
  const field = fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('', '0', '1', '-1', 'abc', '1e3', ' 7 ', '9999999999'))

  // a complete form whose only fault is being cut before its closing boundary
  const truncated = fc.tuple(file, fc.double({ min: 0, max: 1, noNaN: true })).map(([part, at]) => {
    const form = multipartForm({ contract: '0', wms: '1', file: part })
    const closing = Buffer.byteLength(`--${form.headers['content-type'].split('boundary=')[1]}--\r\n`)
    return { ...asUpload('cut short', form), payload: form.payload.subarray(0, Math.floor(at * (form.payload.length - closing))) }
  })
  const withoutFile = fc
    .tuple(fc.dictionary(fc.constantFrom('contract', 'wms', 'text', 'upload'), field, { maxKeys: 3 }), fc.option(file, { nil: undefined }))
    .map(([fields, misnamed]) => asUpload('no file', multipartForm({ ...fields, ...(misnamed ? { upload: misnamed } : {}) })))
  const badFields = fc
    .tuple(fc.record({ contract: field, wms: field }, { requiredKeys: [] }), file)
    .filter(([fields]) => !uploadFileFieldsSchema.safeParse(fields).success)
    .map(([fields, part]) => asUpload('bad fields', multipartForm({ ...fields, file: part })))
  const garbage = fc
    .tuple(
      fc.constantFrom('multipart/form-data', 'multipart/form-data; boundary=x', 'multipart/form-data; boundary=', 'multipart/mixed; boundary=x'),
      fc.string({ maxLength: 120 }),
    )
    .map(([contentType, text]): Upload => ({ kind: 'garbage multipart', contentType, payload: Buffer.from(text) }))
  const wrongType = fc
    .tuple(fc.constantFrom('application/json', 'application/x-www-form-urlencoded', 'text/plain', 'application/octet-stream', 'text/csv'), file)
    .map(([contentType, part]): Upload => ({ kind: `form as ${contentType}`, contentType, payload: multipartForm({ contract: '0', file: part }).payload }))

  return fc.oneof(
    { weight: 3, arbitrary: truncated },
    { weight: 2, arbitrary: withoutFile },
    { weight: 2, arbitrary: badFields },
    { weight: 2, arbitrary: garbage },
    { weight: 2, arbitrary: wrongType },
  )
}

describe('fuzzing the multipart upload with malformed forms', () => {
  it('answers every malformed upload with a Russian 4xx and changes no table', async () => {
    const before = await snapshotAllTables(fixture.db)
    const sent = new Map<string, number>()
    await fc.assert(
      fc.asyncProperty(uploadsFor(), async (upload) => {
        const response = await fixture.app.inject({
          method: 'POST',
          url: UPLOAD_URL,
          payload: upload.payload,
          headers: { 'content-type': upload.contentType, cookie },
        })
        sent.set(upload.kind, (sent.get(upload.kind) ?? 0) + 1)
        const label = `${upload.kind} ${upload.contentType} ${upload.payload.toString('utf8').slice(0, 200)}`
        expect(response.statusCode, label).toBeGreaterThanOrEqual(400)
        expect(response.statusCode, label).toBeLessThan(500)
        expect(response.json().message, label).toMatch(/[А-Яа-яЁё]/)
      }),
      { numRuns: UPLOAD_RUNS },
    )
    // not signed in: refused before the form is read
    const anonymous = await fixture.app.inject({ method: 'POST', url: UPLOAD_URL, ...multipartForm({ file: { content: 'AB;1' } }) })
    expect(anonymous.statusCode).toBe(401)

    expect(await snapshotAllTables(fixture.db)).toEqual(before)
    console.log(`fuzz: ${UPLOAD_RUNS} malformed uploads sent (${[...sent].map(([kind, count]) => `${kind} ${count}`).join(', ')})`)
  })
})
