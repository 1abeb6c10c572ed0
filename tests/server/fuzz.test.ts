import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { TEXT_MESSAGES } from '../../src/contract/common'
import { multipartForm } from '../../scripts/bench-support/multipart'
import {
  addressesFor,
  addressOf,
  bodiesFor,
  oversizedBody,
  QUERY_TARGETS,
  ID_ROUTES,
  RUSSIAN,
  spoiledIdAddresses,
  TARGETS,
  UPLOAD_TARGETS,
  uploadsFor,
  type Body,
  type Target,
} from '../../scripts/bench-support/fuzz-targets'
import { snapshotAllTables } from '../support/server-fixture'
import { signedInServer } from '../support/signed-in-server'

/**
 * Malformed bodies of every kind against every write route with a body (POST, PUT, PATCH: the
 * ones that change state, and the catalogue's filter, search, brand and binds calls): each must
 * get a 4xx with a Russian message (never a 500) and leave every table exactly as it was. Bodies
 * naming another company's rows, spoiled and foreign ids in the addresses of the write routes, the
 * multipart uploads and the GET routes' query strings and ids have their own tests below.
 * The targets and the arbitraries are scripts/bench-support/fuzz-targets.ts, which `npm run
 * bench:fuzz` sends many more of; fuzz-coverage.test.ts checks every write route has a target.
 */

const RUNS_PER_TARGET = 160

const server = signedInServer()

/** Sends the request; answers the refusal's status and message. */
async function refused(request: { method: string; url: string; payload?: string | Buffer | object; contentType?: string; signedIn: boolean }, label: string) {
  const response = await server.fixture.app.inject({
    method: request.method as 'POST',
    url: request.url,
    ...(request.payload === undefined ? {} : { payload: request.payload }),
    headers: { ...(request.contentType ? { 'content-type': request.contentType } : {}), ...(request.signedIn ? { cookie: server.cookie } : {}) },
  })
  expect(response.statusCode, label).toBeGreaterThanOrEqual(400)
  expect(response.statusCode, label).toBeLessThan(500)
  expect(response.json().message, label).toMatch(RUSSIAN)
  return response
}

const methodOf = (target: Target) => target.method ?? 'POST'

describe('fuzzing the state-changing routes with malformed bodies', () => {
  it('answers every malformed body with a Russian 4xx and changes no table', async () => {
    const before = await snapshotAllTables(server.fixture.db)
    const sent = new Map<string, number>()
    const send = async (target: Target, body: Body) => {
      const url = addressOf(target)
      sent.set(body.kind, (sent.get(body.kind) ?? 0) + 1)
      const request = { method: methodOf(target), url, payload: body.payload, contentType: body.contentType, signedIn: target.signedIn }
      await refused(request, `${request.method} ${url} ${body.contentType} ${body.payload.slice(0, 200)}`)
    }

    for (const target of TARGETS) {
      await fc.assert(
        fc.asyncProperty(bodiesFor(target), (body) => send(target, body)),
        { numRuns: RUNS_PER_TARGET },
      )
      await send(target, oversizedBody(target))
    }

    expect(await snapshotAllTables(server.fixture.db)).toEqual(before)
    const total = [...sent.values()].reduce((sum, count) => sum + count, 0)
    console.log(`fuzz: ${total} malformed bodies sent (${[...sent].map(([kind, count]) => `${kind} ${count}`).join(', ')})`)
    expect(total).toBeGreaterThanOrEqual(1000)
    // some 9,000 requests: on a loaded machine they take longer than the project's 30 s (no timing is asserted)
  }, 600_000)
})

const ID_RUNS_PER_TARGET = 30

describe('the write routes refuse another company’s rows and spoiled ids', () => {
  it('answers a good body naming another company’s row with a Russian 4xx and changes no table', async () => {
    const before = await snapshotAllTables(server.fixture.db)
    const foreign = TARGETS.flatMap((target) => (target.foreign ?? []).map((body) => ({ target, body })))
    for (const { target, body } of foreign) {
      const url = addressOf(target)
      await refused({ method: methodOf(target), url, payload: body, signedIn: true }, `${url} ${JSON.stringify(body)}`)
    }
    expect(await snapshotAllTables(server.fixture.db)).toEqual(before)
    expect(foreign.length).toBeGreaterThanOrEqual(10)
  })

  it('answers a spoiled id, a missing row or another company’s row in the address with a Russian 4xx and changes no table', async () => {
    const before = await snapshotAllTables(server.fixture.db)
    for (const target of ID_ROUTES) {
      await fc.assert(
        fc.asyncProperty(spoiledIdAddresses(target, target.foreign), fc.boolean(), async (address, signedOut) => {
          const body = target.payload === undefined ? {} : { payload: target.payload, contentType: 'application/json' }
          const request = { method: target.method, url: address.url, ...body, signedIn: !signedOut }
          await refused(request, `${target.method} ${address.url}`)
        }),
        { numRuns: ID_RUNS_PER_TARGET },
      )
    }
    expect(await snapshotAllTables(server.fixture.db)).toEqual(before)
  }, 120_000)
})

/** Fields where text over several lines is legitimate: tabs and line breaks pass there, no other control character. */
const MULTILINE_TEXTS = new Set(['comment', 'cancelComment', 'text', 'message'])
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
    const before = await snapshotAllTables(server.fixture.db)
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
            const response = await server.fixture.app.inject({
              method: methodOf(target),
              url: addressOf(target),
              payload: target.asArray ? [body] : body,
              headers: target.signedIn ? { cookie: server.cookie } : {},
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
            const response = await server.fixture.app.inject({ method: 'GET', url: `${query.url}?${search.toString()}`, headers: { cookie: server.cookie } })
            expectRefused(response, `GET ${query.url} ${path} ${JSON.stringify(text)}`)
          }),
          { numRuns: TEXT_RUNS_PER_FIELD },
        )
      }
    }

    expect(await snapshotAllTables(server.fixture.db)).toEqual(before)
    console.log(`fuzz: ${sent} texts with control characters sent`)
  })
})

const UPLOAD_RUNS = 400

describe('fuzzing the multipart uploads with malformed forms', () => {
  for (const target of UPLOAD_TARGETS) {
    it(`${target.url}: answers every malformed upload with a Russian 4xx and changes no table`, async () => {
      const before = await snapshotAllTables(server.fixture.db)
      const sent = new Map<string, number>()
      await fc.assert(
        fc.asyncProperty(uploadsFor(target), async (upload) => {
          sent.set(upload.kind, (sent.get(upload.kind) ?? 0) + 1)
          const label = `${upload.kind} ${upload.contentType} ${upload.payload.toString('utf8').slice(0, 200)}`
          await refused({ method: 'POST', url: target.url, payload: upload.payload, contentType: upload.contentType, signedIn: true }, label)
        }),
        { numRuns: UPLOAD_RUNS },
      )
      // not signed in: refused before the form is read
      const anonymous = await server.fixture.app.inject({ method: 'POST', url: target.url, ...multipartForm({ ...target.fields, file: target.file }) })
      expect(anonymous.statusCode).toBe(401)

      expect(await snapshotAllTables(server.fixture.db)).toEqual(before)
      console.log(`fuzz: ${UPLOAD_RUNS} malformed uploads sent to ${target.url} (${[...sent].map(([kind, count]) => `${kind} ${count}`).join(', ')})`)
    })
  }
})

const QUERY_RUNS_PER_TARGET = 30

describe('fuzzing the GET routes with bad query strings and path ids', () => {
  it('never answers 5xx: a refusal is a 4xx with a Russian message, signed in or not', async () => {
    const sent = new Map<string, number>()
    for (const target of QUERY_TARGETS) {
      await fc.assert(
        fc.asyncProperty(addressesFor(target), fc.boolean(), async (address, signedOut) => {
          const response = await server.fixture.app.inject({ method: 'GET', url: address.url, headers: signedOut ? {} : { cookie: server.cookie } })
          sent.set(address.kind, (sent.get(address.kind) ?? 0) + 1)
          const label = `GET ${address.url.slice(0, 200)}${signedOut ? ' (signed out)' : ''}`
          expect(response.statusCode, label).toBeLessThan(500)
          // signed out: refused (401, or 400 for an address that cannot even be read)
          if (signedOut && target.signedIn) expect(response.statusCode, label).toBeGreaterThanOrEqual(400)
          if (response.statusCode >= 400 && String(response.headers['content-type']).startsWith('application/json'))
            expect(response.json().message, label).toMatch(RUSSIAN)
        }),
        { numRuns: QUERY_RUNS_PER_TARGET },
      )
    }
    console.log(
      `fuzz: ${QUERY_TARGETS.length * QUERY_RUNS_PER_TARGET} bad GET addresses sent (${[...sent].map(([kind, count]) => `${kind} ${count}`).join(', ')})`,
    )
  }, 120_000)
})
