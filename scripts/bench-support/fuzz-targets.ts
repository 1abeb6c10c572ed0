/**
 * The malformed requests of the fuzz test (tests/server/fuzz.test.ts) and of `npm run bench:fuzz`:
 * every route that takes input, a good request for each, and fast-check arbitraries that spoil it
 * (bodies, multipart forms, query strings and path ids). One module, so the bench runs exactly
 * what the test runs, only more of it (scripts never import from tests/).
 */
import { parse as parseForm } from 'node:querystring'
import fc from 'fast-check'
import * as z from 'zod/mini'
import { setContractRequestSchema } from '../../src/contract/account'
import { actRequestSchema } from '../../src/contract/acts'
import { loginRequestSchema, logoutRequestSchema } from '../../src/contract/auth'
import { processBasketRequestSchema } from '../../src/contract/basket'
import { filterRequestSchema } from '../../src/contract/catalogue'
import { brandProductsRequestSchema } from '../../src/contract/brand-products'
import { clearBasketRequestSchema, placeOrderRequestSchema } from '../../src/contract/delivery'
import { processProductSetRequestSchema } from '../../src/contract/product-set'
import { addToDraftRequestSchema, draftActionRequestSchema } from '../../src/contract/drafts'
import { deleteFavoritesRequestSchema } from '../../src/contract/favorites'
import { orderActionRequestSchema } from '../../src/contract/order-actions'
import { addCartFromPricelistRequestSchema, PRICELIST_LIMITS, uploadFileFieldsSchema, uploadTextRequestSchema } from '../../src/contract/pricelist'
import { ASYNC_TAB_IDS, bindsRequestSchema, needRequestSchema, unsetNeedRequestSchema, wishRequestSchema } from '../../src/contract/product'
import { registrationRequestSchema, reminderRequestSchema } from '../../src/contract/registration'
import { searchRequestSchema } from '../../src/contract/search'
import { genericResourceRequestSchema } from '../../src/contract/generic-resource'
import { DEMO_PASSWORD } from '../../server/db/seed'
import { consigneeUploadFieldsSchema } from '../../src/contract/consignees'
import { COMPANY_TARGETS, REMOVAL_TARGETS } from './fuzz-company-targets'
import { addressOf, orDefaults, type Target, type WriteMethod } from './fuzz-target'
import { multipartForm, type FilePart } from './multipart'

export { addressOf, REMOVAL_TARGETS, type Target, type WriteMethod }

/** Every write route that takes a JSON (or form) body, with a body its schema accepts. */
export const TARGETS: Target[] = [
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
  ...COMPANY_TARGETS,
]

/** A write route with an id in its address: where the id goes, the other company's row, and the body sent with the id (JSON, none for a removal). */
export interface IdRoute {
  method: WriteMethod
  url: string
  foreign: string
  payload?: string
}

/** Every write route with an id in its address: the ones with a body (sent good, so only the id is wrong) and the removals. */
export const ID_ROUTES: IdRoute[] = [
  ...TARGETS.flatMap((target) =>
    target.ids
      ? [
          {
            method: target.method ?? 'POST',
            url: target.url,
            foreign: target.ids.foreign,
            payload: JSON.stringify(target.asArray ? [target.valid] : target.valid),
          },
        ]
      : [],
  ),
  ...REMOVAL_TARGETS,
]

/** the app's body limit: a body padded past it must be refused (413) */
const MAX_BODY_BYTES = 1024 * 1024

export interface Body {
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

/** Bodies the target's schema refuses: mutated good bodies, any JSON, broken JSON, forms, other content types. */
export function bodiesFor(target: Target): fc.Arbitrary<Body> {
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

/** The body over the size limit for the target. */
export function oversizedBody(target: Target): Body {
  const oversized = target.oversized ?? { ...target.valid, padding: 'x'.repeat(MAX_BODY_BYTES) }
  return { kind: 'over 1 MB', contentType: 'application/json', payload: JSON.stringify(target.asArray ? [oversized] : oversized) }
}

/** A multipart upload route: its good text fields and a good file. */
export interface UploadTarget {
  url: string
  fields: Record<string, string>
  fieldsSchema: z.ZodMiniType
  file: FilePart
}

/** the first bytes of a PNG: a consignee's image the upload takes */
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)])

export const UPLOAD_TARGETS: UploadTarget[] = [
  {
    url: '/api/uploadsFromFile/',
    fields: { contract: '0', wms: '1' },
    fieldsSchema: uploadFileFieldsSchema,
    file: { content: 'EHL-1234A56752;2\n', filename: 'order.csv', type: 'text/csv' },
  },
  {
    url: '/api/consigneeUpload/',
    fields: { consignee: '1' },
    fieldsSchema: consigneeUploadFieldsSchema,
    file: { content: PNG, filename: 'passport.png', type: 'image/png' },
  },
]

export interface Upload {
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
export function uploadsFor(target: UploadTarget): fc.Arbitrary<Upload> {
  const names = Object.keys(target.fields)
  const content = fc.oneof(fc.string({ maxLength: 80 }), fc.constant(target.file.content))
  const file = content.map((text): FilePart => ({ ...target.file, content: text }))
  const field = fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('', '0', '1', '-1', 'abc', '1e3', ' 7 ', '9999999999'))

  // a complete form whose only fault is being cut before its closing boundary
  const truncated = fc.tuple(file, fc.double({ min: 0, max: 1, noNaN: true })).map(([part, at]) => {
    const form = multipartForm({ ...target.fields, file: part })
    const closing = Buffer.byteLength(`--${form.headers['content-type'].split('boundary=')[1]}--\r\n`)
    return { ...asUpload('cut short', form), payload: form.payload.subarray(0, Math.floor(at * (form.payload.length - closing))) }
  })
  const withoutFile = fc
    .tuple(fc.dictionary(fc.constantFrom(...names, 'text', 'upload'), field, { maxKeys: 3 }), fc.option(file, { nil: undefined }))
    .map(([fields, misnamed]) => asUpload('no file', multipartForm({ ...fields, ...(misnamed ? { upload: misnamed } : {}) })))
  const badFields = fc
    .tuple(fc.record(Object.fromEntries(names.map((name) => [name, field])), { requiredKeys: [] }), file)
    .filter(([fields]) => !target.fieldsSchema.safeParse(fields).success)
    .map(([fields, part]) => asUpload('bad fields', multipartForm({ ...fields, file: part })))
  const garbage = fc
    .tuple(
      fc.constantFrom('multipart/form-data', 'multipart/form-data; boundary=x', 'multipart/form-data; boundary=', 'multipart/mixed; boundary=x'),
      fc.string({ maxLength: 120 }),
    )
    .map(([contentType, text]): Upload => ({ kind: 'garbage multipart', contentType, payload: Buffer.from(text) }))
  const wrongType = fc
    .tuple(fc.constantFrom('application/json', 'application/x-www-form-urlencoded', 'text/plain', 'application/octet-stream', 'text/csv'), file)
    .map(([contentType, part]): Upload => ({ kind: `form as ${contentType}`, contentType, payload: multipartForm({ ...target.fields, file: part }).payload }))

  return fc.oneof(
    { weight: 3, arbitrary: truncated },
    { weight: 2, arbitrary: withoutFile },
    { weight: 2, arbitrary: badFields },
    { weight: 2, arbitrary: garbage },
    { weight: 2, arbitrary: wrongType },
  )
}

/** A GET route that reads a query string or a path id: a good address of it. */
export interface QueryTarget {
  /** the route's path; `:id` stands for the path's id, filled with a good one or a spoiled one */
  path: string
  /** a query the route accepts */
  valid: Record<string, string>
  signedIn: boolean
}

const GOOD_ID = '1'

/** Every GET route with a query string or a path id (the signed-out ones answer 401 before reading them). */
export const QUERY_TARGETS: QueryTarget[] = [
  {
    path: '/api/getActs/',
    valid: { contract: '0', contragent: '0', startDate: '01.08.2026', endDate: '31.10.2026', page: '1', perpage: '20' },
    signedIn: true,
  },
  { path: '/api/act/:id/file', valid: {}, signedIn: true },
  {
    path: '/api/order/',
    valid: { contract: '0', dateselect: 'period', start_date: '01.08.2026', end_date: '31.10.2026', search_doc: '40', article: 'EHL', page: '1' },
    signedIn: true,
  },
  { path: '/api/order/:id/', valid: {}, signedIn: true },
  { path: '/api/orderExport/', valid: { ids: '1,2' }, signedIn: true },
  { path: '/api/purchasedGoods/', valid: { contract: '0', catalog: '0', report: 'goods', startDate: '01.08.2026', endDate: '31.10.2026' }, signedIn: true },
  { path: '/api/getBasketData/', valid: { contract: '0' }, signedIn: true },
  { path: '/api/favorites/', valid: { page: '1', perpage: '20', contract: '0', warehouse: '1' }, signedIn: true },
  { path: '/api/needs/', valid: { page: '1', perpage: '20', contract: '0', warehouse: '1' }, signedIn: true },
  { path: '/api/drafts/', valid: { page: '1', perpage: '10' }, signedIn: true },
  { path: '/api/complaints/', valid: { page: '1', perpage: '10' }, signedIn: true },
  { path: '/api/address/', valid: { page: '1', perpage: '10' }, signedIn: true },
  { path: '/api/address/:id', valid: {}, signedIn: true },
  { path: '/api/suggest/address/', valid: { query: 'Москва, Тверская' }, signedIn: true },
  { path: '/api/suggest/name/', valid: { query: 'Иван', part: 'name' }, signedIn: true },
  { path: '/api/product/:id/', valid: { contract: '0', warehouse: '1' }, signedIn: true },
  { path: '/ajax/getproduct/', valid: { id: GOOD_ID, contract: '0', warehouse: '1' }, signedIn: true },
  { path: '/api/pricepolitics/:id/', valid: {}, signedIn: true },
  { path: '/api/account/:id/', valid: {}, signedIn: true },
  { path: '/api/contragent/:id/', valid: {}, signedIn: true },
  { path: '/api/consignee/', valid: { id: GOOD_ID }, signedIn: true },
  { path: '/api/consignee/:id/', valid: {}, signedIn: true },
  { path: '/api/consignee/:id/file', valid: {}, signedIn: true },
  { path: '/api/managers/:id/', valid: {}, signedIn: true },
  { path: '/api/manager/:id/', valid: {}, signedIn: true },
  { path: '/api/warehouse/:id/', valid: {}, signedIn: true },
  { path: '/pictures/warehouse-map/:id.svg', valid: {}, signedIn: true },
  { path: '/api/chat/', valid: { action: 'messages' }, signedIn: true },
  { path: '/search/', valid: { keyword: 'дрель', simple: '1' }, signedIn: true },
]

/** ids a route must refuse: not numbers, out of range, escapes that do not decode, paths that climb */
const BAD_IDS = [
  '0',
  '-1',
  'abc',
  '1.5',
  '1e3',
  '0x10',
  ' 1',
  '1 ',
  '１',
  'NaN',
  'Infinity',
  '2147483648',
  '99999999999999999999',
  '%00',
  '%ZZ',
  '%',
  '..',
  '..%2F..%2Fetc%2Fpasswd',
  "1'--",
  '1;DROP TABLE users',
  '[]',
  '{}',
]

/** query values a route must refuse or read safely: the wrong type, huge, control characters, escapes that do not decode */
const BAD_VALUES = [
  '',
  ' ',
  '-1',
  '0',
  '1e309',
  'NaN',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '99999999999999999999',
  '31.02.2026',
  '2026-11-27',
  '\u0000',
  "'",
  '%',
  'ж'.repeat(5000),
]

export interface Address {
  kind: string
  url: string
}

const encodedId = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...BAD_IDS) },
  { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 16 }).map((text) => encodeURIComponent(text)) },
)

/** The query as sent: `value` as given (raw), so broken escapes reach the server as they are. */
const rawQuery = (entries: [string, string][]) => entries.map(([key, value]) => `${key}=${value}`).join('&')
const encoded = (entries: [string, string][]) => new URLSearchParams(entries).toString()

/** Addresses of the target with a spoiled path id, a spoiled query (fields dropped, replaced, repeated, broken), or both. */
export function addressesFor(target: QueryTarget): fc.Arbitrary<Address> {
  const keys = Object.keys(target.valid)
  const key = keys.length > 0 ? fc.oneof(fc.constantFrom(...keys), fc.string({ maxLength: 12 })) : fc.string({ maxLength: 12 })
  const value = fc.oneof(
    { weight: 2, arbitrary: fc.constantFrom(...BAD_VALUES) },
    { weight: 2, arbitrary: fc.string({ maxLength: 24 }) },
    { weight: 1, arbitrary: fc.integer().map(String) },
  )
  const hasId = target.path.includes(':id')
  const withId = (id: string) => target.path.replace(':id', id)

  const spoiledQuery = fc
    .record({ drop: fc.subarray(keys), replace: fc.array(fc.tuple(key, value), { maxLength: 4 }), repeat: fc.boolean() })
    .map(({ drop, replace, repeat }): Address => {
      const kept = Object.entries(target.valid).filter(([name]) => !drop.includes(name))
      const entries = repeat ? [...kept, ...replace] : [...kept.filter(([name]) => !replace.some(([other]) => other === name)), ...replace]
      return { kind: 'bad query', url: `${withId(GOOD_ID)}?${encoded(entries)}` }
    })
  const brokenQuery = fc
    .oneof(fc.string({ maxLength: 40 }), fc.constantFrom('%', '%%', '&&==', '=&=', 'a[]=1&a[]=2', 'page[x]=1', '__proto__[x]=1', 'constructor=1'))
    .map((text): Address => ({ kind: 'broken query', url: `${withId(GOOD_ID)}?${rawQuery(Object.entries(target.valid))}&${text.replaceAll('#', '%23')}` }))
  const badId = fc.tuple(encodedId, fc.boolean()).map(([id, withQuery]): Address => ({
    kind: 'bad id',
    url: `${withId(id)}${withQuery && keys.length > 0 ? `?${encoded(Object.entries(target.valid))}` : ''}`,
  }))

  return hasId
    ? fc.oneof({ weight: 3, arbitrary: badId }, { weight: 1, arbitrary: spoiledQuery }, { weight: 1, arbitrary: brokenQuery })
    : fc.oneof({ weight: 3, arbitrary: spoiledQuery }, { weight: 1, arbitrary: brokenQuery })
}

/** Whether a spoiled id still names a row (digits, maybe spaced): the id fuzzing of a write route leaves those out. */
const namesRow = (id: string) => {
  try {
    return /^\s*\d+\s*$/.test(decodeURIComponent(id))
  } catch {
    return false
  }
}

/** a well-formed id that names no row */
const NO_SUCH_ID = '2147483647'

/**
 * Addresses of a write route with an id that must be refused: malformed, no such row, or the
 * other company's row (never one that names a row of the signed-in company).
 */
export function spoiledIdAddresses(target: { url: string }, foreign: string): fc.Arbitrary<Address> {
  const id = fc.oneof({ weight: 2, arbitrary: encodedId.filter((each) => !namesRow(each)) }, { weight: 1, arbitrary: fc.constantFrom(foreign, NO_SUCH_ID) })
  return id.map((each): Address => ({ kind: each === foreign ? 'other company’s id' : 'bad id', url: addressOf(target, each) }))
}

/** Unicode letters of Russian: a message shown to a dealer has some */
export const RUSSIAN = /[А-Яа-яЁё]/
