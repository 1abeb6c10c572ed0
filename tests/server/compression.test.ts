import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { XLSX_CONTENT_TYPE, actResponseSchema, actsResponseSchema } from '../../src/contract/acts'
import { loginAs, startServer, type ServerFixture } from '../support/server-fixture'

const INDEX = `<!doctype html><html lang="ru"><body><div id="root"></div><script type="module" src="/assets/app-1a2b.js"></script>${'<!-- padding -->'.repeat(80)}</body></html>`
const SCRIPT = `export const rows = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ id: i, name: `строка ${i}` })))}\n`
/** A screen's own page (scripts/route-pages.ts): index.html that also preloads the screen. */
const pageOf = (folder: string) => INDEX.replace('<body>', `<link rel="modulepreload" href="/assets/${folder.replace('/', '-')}.js"><body>`)
const SMALL_SCRIPT = 'console.log(1)\n'
const IMMUTABLE = 'public, max-age=31536000, immutable'
const BOTH = 'br, gzip, deflate'
const FILTER = { catalog: '-1', warehouse: 1, perpage: 20 }

let fixture: ServerFixture
let cookie: string
let clientDir: string

/** What the build writes (scripts/precompress.ts): the file, and its .br and .gz beside it. */
function writeBuilt(path: string, content: string) {
  writeFileSync(join(clientDir, path), content)
  writeFileSync(join(clientDir, `${path}.br`), brotliCompressSync(content))
  writeFileSync(join(clientDir, `${path}.gz`), gzipSync(content))
}

beforeAll(async () => {
  clientDir = mkdtempSync(join(tmpdir(), 'cabinet-compressed-'))
  mkdirSync(join(clientDir, 'assets'))
  writeBuilt('index.html', INDEX)
  for (const folder of ['cabinet', 'cabinet/brand']) {
    mkdirSync(join(clientDir, folder), { recursive: true })
    writeBuilt(`${folder}/index.html`, pageOf(folder))
  }
  writeBuilt('assets/app-1a2b.js', SCRIPT)
  writeFileSync(join(clientDir, 'assets', 'small-3c4d.js'), SMALL_SCRIPT)
  fixture = await startServer({ clientDir })
  cookie = await loginAs(fixture, 'mainAccount')
})
afterAll(async () => {
  await fixture?.close()
  rmSync(clientDir, { recursive: true, force: true })
})

const request = (method: 'GET' | 'POST' | 'HEAD', url: string, headers: Record<string, string>, payload?: object) =>
  fixture.app.inject({ method, url, headers: { cookie, ...headers }, ...(payload ? { payload } : {}) })

function decoded(response: LightMyRequestResponse): string {
  const encoding = response.headers['content-encoding']
  if (encoding === 'br') return brotliDecompressSync(response.rawPayload).toString('utf8')
  if (encoding === 'gzip') return gunzipSync(response.rawPayload).toString('utf8')
  expect(encoding).toBeUndefined()
  return response.body
}

const varies = (response: LightMyRequestResponse) =>
  String(response.headers.vary ?? '')
    .toLowerCase()
    .split(/,\s*/)

describe('JSON answers', () => {
  it('over 1 KB go out brotli, else gzip, by Accept-Encoding, with Vary, and decode to the same JSON', async () => {
    const plain = await request('POST', '/api/filter/', {}, FILTER)
    expect(plain.statusCode, plain.body).toBe(200)
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.rawPayload.length).toBeGreaterThan(1024)

    for (const [accept, encoding] of [
      [BOTH, 'br'],
      ['gzip, deflate', 'gzip'],
      ['gzip;q=1, br;q=0.5', 'gzip'],
    ] as const) {
      const response = await request('POST', '/api/filter/', { 'accept-encoding': accept }, FILTER)
      expect(response.statusCode, accept).toBe(200)
      expect(response.headers['content-encoding'], accept).toBe(encoding)
      expect(varies(response), accept).toContain('accept-encoding')
      expect(response.rawPayload.length, accept).toBeLessThan(plain.rawPayload.length)
      expect(JSON.parse(decoded(response)), accept).toEqual(plain.json())
    }
  })

  it('under 1 KB, without Accept-Encoding, or with only identity are sent as they are', async () => {
    const small = await request('GET', '/api/ping/', { 'accept-encoding': BOTH })
    expect(small.statusCode).toBe(200)
    expect(small.headers['content-encoding']).toBeUndefined()
    expect(small.json()).toEqual({ ok: true })

    for (const headers of [{}, { 'accept-encoding': 'identity' }] as Record<string, string>[]) {
      const response = await request('POST', '/api/filter/', headers, FILTER)
      expect(response.headers['content-encoding']).toBeUndefined()
      expect(() => response.json()).not.toThrow()
    }
  })

  it('errors stay readable JSON, compressed or not', async () => {
    const response = await request('POST', '/api/filter/', { 'accept-encoding': BOTH }, { catalog: 'not a catalogue', perpage: -1 })
    expect(response.statusCode).toBe(400)
    expect(JSON.parse(decoded(response))).toHaveProperty('message')
  })

  it('a HEAD answers the headers of the GET and no body', async () => {
    const head = await request('HEAD', '/api/getBasketData/', { 'accept-encoding': BOTH })
    expect(head.statusCode).toBe(200)
    expect(head.body).toBe('')
  })
})

describe('files that are no text', () => {
  it('an act’s XLSX is sent as it is', async () => {
    const created = await request('POST', '/api/act/', {}, { act: { contract_id: 1, contragent_id: 1, startdate: '01.08.2026', enddate: '31.10.2026' } })
    expect(created.statusCode, created.body).toBe(200)
    const { id } = actResponseSchema.parse(created.json()).act
    for (let attempt = 0; attempt < 100; attempt++) {
      const list = actsResponseSchema.parse((await request('GET', '/api/getActs/', {})).json())
      if (list.acts.find((act) => act.id === id)?.state === 'ready') break
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    const file = await request('GET', `/api/act/${id}/file`, { 'accept-encoding': BOTH })
    expect(file.statusCode).toBe(200)
    expect(file.headers['content-type']).toBe(XLSX_CONTENT_TYPE)
    expect(file.headers['content-encoding']).toBeUndefined()
    expect(file.rawPayload.subarray(0, 2).toString('latin1')).toBe('PK')
  })
})

describe('the built SPA, precompressed', () => {
  it('serves a hashed asset from its .br or .gz, immutable, with Vary', async () => {
    for (const [accept, encoding] of [
      [BOTH, 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const response = await request('GET', '/assets/app-1a2b.js', { accept: '*/*', 'accept-encoding': accept })
      expect(response.statusCode, accept).toBe(200)
      expect(response.headers['content-encoding'], accept).toBe(encoding)
      expect(response.headers['content-type'], accept).toMatch(/javascript/)
      expect(response.headers['cache-control'], accept).toBe(IMMUTABLE)
      expect(varies(response), accept).toContain('accept-encoding')
      expect(decoded(response), accept).toBe(SCRIPT)
    }
  })

  it('serves the plain file without Accept-Encoding, and a file with no compressed copy as it is', async () => {
    const plain = await request('GET', '/assets/app-1a2b.js', { accept: '*/*' })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toBe(SCRIPT)
    expect(plain.headers['cache-control']).toBe(IMMUTABLE)

    const small = await request('GET', '/assets/small-3c4d.js', { accept: '*/*', 'accept-encoding': BOTH })
    expect(small.statusCode).toBe(200)
    expect(small.headers['content-encoding']).toBeUndefined()
    expect(small.body).toBe(SMALL_SCRIPT)
  })

  it('answers a revalidation of a compressed asset with 304 and no body', async () => {
    const first = await request('GET', '/assets/app-1a2b.js', { accept: '*/*', 'accept-encoding': BOTH })
    const etag = String(first.headers.etag)
    const again = await request('GET', '/assets/app-1a2b.js', { accept: '*/*', 'accept-encoding': BOTH, 'if-none-match': etag })
    expect(again.statusCode).toBe(304)
    expect(again.rawPayload.length).toBe(0)
  })

  it('serves index.html compressed and no-cache for the root and the history fallback', async () => {
    for (const url of ['/', '/login/', '/cart/?x=1', '/registration/form']) {
      const response = await request('GET', url, { accept: 'text/html', 'accept-encoding': BOTH })
      expect(response.statusCode, url).toBe(200)
      expect(response.headers['content-type'], url).toMatch(/^text\/html/)
      expect(response.headers['content-encoding'], url).toBe('br')
      expect(response.headers['cache-control'], url).toBe('no-cache')
      expect(varies(response), url).toContain('accept-encoding')
      expect(decoded(response), url).toBe(INDEX)
    }
    const plain = await request('GET', '/cart/', { accept: 'text/html' })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toBe(INDEX)
  })
})

describe('screen pages', () => {
  it('answer each address with the page of the deepest screen folder along it, compressed and no-cache', async () => {
    for (const [url, page] of [
      ['/cabinet/', pageOf('cabinet')],
      ['/cabinet', pageOf('cabinet')],
      ['/cabinet/orders/?page=2', pageOf('cabinet')],
      ['/cabinet/brand/0/', pageOf('cabinet/brand')],
      ['/cabinet/brand/12/?view=table', pageOf('cabinet/brand')],
      ['/login/', INDEX],
      ['/registration/form', INDEX],
      ['/cabinet/..%2F..%2Fetc/', pageOf('cabinet')],
    ] as const) {
      const response = await request('GET', url, { accept: 'text/html', 'accept-encoding': BOTH })
      expect(response.statusCode, url).toBe(200)
      expect(response.headers['cache-control'], url).toBe('no-cache')
      expect(response.headers['content-encoding'], url).toBe('br')
      expect(decoded(response), url).toBe(page)
    }
  })

  it('are served to a request that does not ask for HTML too (curl asks for */*)', async () => {
    for (const [url, page] of [
      ['/cabinet/', pageOf('cabinet')],
      ['/cabinet/brand/', pageOf('cabinet/brand')],
    ] as const) {
      for (const accept of ['*/*', 'application/json']) {
        const response = await request('GET', url, { accept })
        expect(response.statusCode, `${url} ${accept}`).toBe(200)
        expect(response.body, `${url} ${accept}`).toBe(page)
      }
    }
  })
})
