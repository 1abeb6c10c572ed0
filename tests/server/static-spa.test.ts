import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../server/app'
import { createMailer } from '../../server/mail/mailer'
import { NOT_BUILT_MESSAGE } from '../../server/routes/static-spa'
import { startServer, type ServerFixture } from '../support/server-fixture'

const INDEX = '<!doctype html><html lang="ru"><body><div id="root"></div><script src="/assets/app-1a2b.js"></script></body></html>'
const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' }

let fixture: ServerFixture
let clientDir: string
beforeAll(async () => {
  clientDir = mkdtempSync(join(tmpdir(), 'cabinet-client-'))
  mkdirSync(join(clientDir, 'assets'))
  writeFileSync(join(clientDir, 'index.html'), INDEX)
  writeFileSync(join(clientDir, 'assets', 'app-1a2b.js'), 'console.log(1)')
  writeFileSync(join(clientDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
  fixture = await startServer({ clientDir })
})
afterAll(async () => {
  await fixture?.close()
  rmSync(clientDir, { recursive: true, force: true })
})

const get = (url: string, headers: Record<string, string> = html) => fixture.app.inject({ method: 'GET', url, headers })

describe('the built SPA', () => {
  it('serves index.html for the root and for every page address (history fallback)', async () => {
    for (const url of ['/', '/login/', '/cabinet/', '/cabinet/orders/?page=2', '/cabinet/brand/0/', '/cart/', '/cart', '/registration/form']) {
      const response = await get(url)
      expect(response.statusCode, url).toBe(200)
      expect(response.headers['content-type'], url).toMatch(/^text\/html/)
      expect(response.body, url).toBe(INDEX)
      expect(response.headers['cache-control'], url).toBe('no-cache')
    }
  })

  it('serves hashed assets for a year and other files revalidated', async () => {
    const asset = await get('/assets/app-1a2b.js', { accept: '*/*' })
    expect(asset.statusCode).toBe(200)
    expect(asset.headers['content-type']).toMatch(/javascript/)
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    const icon = await get('/favicon.svg', { accept: '*/*' })
    expect(icon.headers['cache-control']).toBe('no-cache')
  })

  it('keeps server addresses and non-HTML requests out of the fallback', async () => {
    for (const url of ['/api/nothing/', '/rest/nothing/1/', '/ajax/nothing/', '/search/', '/pictures/nothing']) {
      const response = await get(url)
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400)
      expect(response.headers['content-type'], url).not.toMatch(/^text\/html/)
    }
    expect((await get('/api/nothing/')).json()).toEqual({ message: 'Неизвестный метод API: GET /api/nothing/' })
    const captcha = await get('/registration/captcha?t=1')
    expect(captcha.headers['content-type']).toMatch(/^image\/svg\+xml/)
    expect((await get('/assets/missing.js', { accept: '*/*' })).statusCode).toBe(404)
    expect((await get('/favicon.ico', {})).statusCode).toBe(404)
    for (const url of ['/api/nothing/', '/api/order/1/nothing']) {
      const response = await get(url, {})
      expect(response.statusCode, url).toBe(404)
      expect(response.headers['content-type'], url).toMatch(/^application\/json/)
    }
  })

  // issue 21, item 18: `curl http://localhost:8080/` sends Accept: */* (or nothing)
  it('serves the page to any GET of a page address, whatever the request accepts', async () => {
    for (const accept of [{ accept: '*/*' }, {}, { accept: 'application/json' }] as Record<string, string>[]) {
      for (const url of ['/', '/login/', '/cabinet/orders/?page=2', '/cart', '/registration/form', '/no/such/page/']) {
        const response = await get(url, accept)
        expect(response.statusCode, `${url} ${JSON.stringify(accept)}`).toBe(200)
        expect(response.headers['content-type'], url).toMatch(/^text\/html/)
        expect(response.body, url).toBe(INDEX)
      }
    }
  })

  it('answers 503 with a hint when the SPA is not built', async () => {
    const mailer = createMailer({ db: fixture.db, from: 'x', now: fixture.clock.now, log: { info: () => {}, error: () => {} } })
    const app = await buildApp({ db: fixture.db, config: { ...fixture.config, clientDir: join(clientDir, 'missing') }, mailer, now: fixture.clock.now })
    try {
      const response = await app.inject({ method: 'GET', url: '/cabinet/', headers: html })
      expect(response.statusCode).toBe(503)
      expect(response.body).toContain(NOT_BUILT_MESSAGE)
      expect((await app.inject({ method: 'GET', url: '/api/order/' })).statusCode).toBe(401)
    } finally {
      await app.close()
    }
  })
})
