import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OPERATIONS, buildOpenApiDocument } from '../../server/openapi/document'
import { checkAnswersAgainstDocument } from '../support/answer-check'
import { callKey, registeredCalls } from '../support/route-table'
import { startServer, type ServerFixture } from '../support/server-fixture'

/** Registered routes that are no API call, and why the document leaves them out. */
const NOT_API_CALLS = new Set([
  // the reference page itself and its script and styles: a page, not a call
  'GET /api/docs',
  'GET /api/docs/api-docs.js',
  'GET /api/docs/api-docs.css',
  // the workflow atlas, a static site for analysts (config ATLAS_DIR)
  'GET /atlas',
  'GET /atlas*',
  // the built SPA's files (@fastify/static); pages are its not-found fallback
  'GET *',
])

const document = buildOpenApiDocument() as {
  openapi: string
  info: { title: string; version: string }
  tags: { name: string }[]
  paths: Record<string, Record<string, { operationId: string; tags: string[]; responses: Record<string, unknown> }>>
}

let fixture: ServerFixture
let clientDir: string
let atlasDir: string
beforeAll(async () => {
  clientDir = mkdtempSync(join(tmpdir(), 'cabinet-client-'))
  writeFileSync(join(clientDir, 'index.html'), '<!doctype html><title>Кабинет</title>')
  atlasDir = mkdtempSync(join(tmpdir(), 'cabinet-atlas-'))
  fixture = await startServer({ clientDir, env: { ATLAS_DIR: atlasDir } })
})
afterAll(async () => {
  await fixture?.close()
  rmSync(clientDir, { recursive: true, force: true })
  rmSync(atlasDir, { recursive: true, force: true })
})

/** The value a local `$ref` (`#/a/b`) points at in the document, or undefined. */
function resolveRef(ref: string): unknown {
  return ref
    .slice(2)
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), document)
}

function refsIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(refsIn)
  if (value === null || typeof value !== 'object') return []
  return Object.entries(value).flatMap(([key, inner]) => (key === '$ref' && typeof inner === 'string' ? [inner] : refsIn(inner)))
}

describe('the OpenAPI document covers the routes', () => {
  it('documents every route Fastify registered, but the named non-API ones', () => {
    const documented = new Set(OPERATIONS.map((operation) => callKey(operation.method, operation.path)))
    const registered = registeredCalls(fixture.app)
    expect(registered.length).toBeGreaterThan(100)
    expect(registered.filter((call) => !documented.has(call) && !NOT_API_CALLS.has(call))).toEqual([])
  })

  it('documents only routes that exist, each once, none of them excluded', () => {
    const registered = new Set(registeredCalls(fixture.app))
    const documented = OPERATIONS.map((operation) => callKey(operation.method, operation.path))
    expect(documented.filter((call) => !registered.has(call))).toEqual([])
    expect(documented.length).toBe(new Set(documented).size)
    expect(documented.filter((call) => NOT_API_CALLS.has(call))).toEqual([])
  })
})

describe('the OpenAPI document is OpenAPI 3.1 in shape', () => {
  const operations = Object.values(document.paths).flatMap((item) => Object.values(item))

  it('names its version, title and paths', () => {
    expect(document.openapi).toBe('3.1.0')
    expect(document.info.title).toBeTruthy()
    expect(document.info.version).toBeTruthy()
    expect(operations.length).toBe(OPERATIONS.length)
  })

  it('resolves every $ref inside the document', () => {
    const refs = refsIn(document)
    expect(refs.length).toBeGreaterThan(0)
    expect(refs.filter((ref) => !ref.startsWith('#/') || resolveRef(ref) === undefined)).toEqual([])
  })

  it('gives each operation a unique id, a declared tag, a 200 and a 400 answer', () => {
    const tags = new Set(document.tags.map((tag) => tag.name))
    const ids = operations.map((operation) => operation.operationId)
    expect(ids.length).toBe(new Set(ids).size)
    for (const operation of operations) {
      expect(
        operation.tags.every((tag) => tags.has(tag)),
        operation.operationId,
      ).toBe(true)
      expect(Object.keys(operation.responses), operation.operationId).toEqual(expect.arrayContaining(['200', '400']))
    }
  })
})

describe('the document and the reference page are served', () => {
  it('serves the document without a session', async () => {
    const response = await fixture.app.inject({ method: 'GET', url: '/api/openapi.json' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual(document)
  })

  it('serves the page with its own script and styles under the CSP, and no other file', async () => {
    const page = await fixture.app.inject({ method: 'GET', url: '/api/docs/' })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toMatch(/^text\/html/)
    expect(page.body).toContain('<script type="module" src="/api/docs/api-docs.js"></script>')
    expect(page.body).not.toMatch(/<script>|<style>/)
    expect(String(page.headers['content-security-policy'])).toMatch(/script-src 'self'/)
    const script = await fixture.app.inject({ method: 'GET', url: '/api/docs/api-docs.js' })
    expect(script.statusCode).toBe(200)
    expect(script.headers['content-type']).toMatch(/^text\/javascript/)
    const styles = await fixture.app.inject({ method: 'GET', url: '/api/docs/api-docs.css' })
    expect(styles.headers['content-type']).toMatch(/^text\/css/)
    const other = await fixture.app.inject({ method: 'GET', url: '/api/docs/..%2F..%2Fapp.ts' })
    expect(other.statusCode).toBe(404)
  })
})

describe('the suite holds answers to the document', () => {
  it('reports a JSON answer that does not match its documented schema, and passes one that does', async () => {
    const app = Fastify()
    const mismatches = checkAnswersAgainstDocument(app)
    app.get('/api/session/', async (request) => ((request.query as { wrong?: string }).wrong ? { account: 5 } : { account: null }))
    app.get('/api/order/:id/', async (_request, reply) => reply.code(404).send({ error: 'нет' }))
    await app.inject({ method: 'GET', url: '/api/session/' })
    expect(mismatches()).toEqual([])
    await app.inject({ method: 'GET', url: '/api/session/?wrong=1' })
    await app.inject({ method: 'GET', url: '/api/order/1/' })
    expect(mismatches()).toEqual([
      expect.stringMatching(/^GET \/api\/session\/ 200: account /),
      expect.stringMatching(/^GET \/api\/order\/:id\/ 404: message /),
    ])
    await app.close()
  })
})
