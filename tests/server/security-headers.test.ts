import { createHash } from 'node:crypto'
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loginAs, startServer, type ServerFixture } from '../support/server-fixture'

const BOOT_STYLE = 'body{margin:0}.boot{display:flex}'
const INDEX = `<!doctype html><html lang="ru"><head><style>${BOOT_STYLE}</style><script type="module" src="/assets/app-1a2b.js"></script></head><body><div id="root"></div></body></html>`
const ATLAS_INDEX = '<!doctype html><title>Workflow atlas</title><script src="mermaid.min.js"></script>'
const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' }

let fixture: ServerFixture
let clientDir: string
let atlasDir: string
let cookie: string
beforeAll(async () => {
  clientDir = mkdtempSync(join(tmpdir(), 'cabinet-client-'))
  mkdirSync(join(clientDir, 'assets'))
  writeFileSync(join(clientDir, 'index.html'), INDEX)
  writeFileSync(join(clientDir, 'assets', 'app-1a2b.js'), 'console.log(1)')
  atlasDir = mkdtempSync(join(tmpdir(), 'cabinet-atlas-'))
  writeFileSync(join(atlasDir, 'index.html'), ATLAS_INDEX)
  fixture = await startServer({ clientDir, env: { ATLAS_DIR: atlasDir } })
  cookie = await loginAs(fixture, 'mainAccount')
})
afterAll(async () => {
  await fixture?.close()
  rmSync(clientDir, { recursive: true, force: true })
  rmSync(atlasDir, { recursive: true, force: true })
})

const get = (url: string, headers: Record<string, string> = { cookie }) => fixture.app.inject({ method: 'GET', url, headers })

/** The directives of an answer's Content-Security-Policy, by name. */
function policyOf(response: LightMyRequestResponse): Map<string, string[]> {
  const header = String(response.headers['content-security-policy'] ?? '')
  return new Map(
    header
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name!, sources]),
  )
}

function expectFramingRefused(response: LightMyRequestResponse, what: string) {
  expect(policyOf(response).get('frame-ancestors'), what).toEqual(["'none'"])
  expect(response.headers['x-frame-options'], what).toBe('DENY')
  expect(response.headers['x-content-type-options'], what).toBe('nosniff')
  expect(response.headers['referrer-policy'], what).toBe('same-origin')
}

describe('security headers', () => {
  it('a page allows only our own origin, its inline boot styles and react-aria’s by hash, and nothing inline besides', async () => {
    const page = await get('/cabinet/orders/', { ...html, cookie })
    expect(page.statusCode).toBe(200)
    expectFramingRefused(page, 'page')
    const policy = policyOf(page)
    const styleHash = `'sha256-${createHash('sha256').update(BOOT_STYLE).digest('base64')}'`
    // react-aria's pressable style, as Chromium names it in the violation it reports without it
    const reactAriaPressable = "'sha256-38RhXrc7EdReTKsOm23ZPOCUgniTUUcjky8QOOrQx6o='"
    expect(policy.get('default-src')).toEqual(["'self'"])
    expect(policy.get('script-src')).toEqual(["'self'"])
    expect(policy.get('style-src')?.slice(0, 2)).toEqual(["'self'", reactAriaPressable])
    expect(policy.get('style-src')).toContain(styleHash)
    expect(policy.get('img-src')).toEqual(["'self'", 'data:'])
    expect(policy.get('object-src')).toEqual(["'none'"])
    expect(policy.get('base-uri')).toEqual(["'self'"])
    expect(policy.get('form-action')).toEqual(["'self'"])
    expect(String(page.headers['content-security-policy'])).not.toMatch(/unsafe-inline|unsafe-eval|\*/)
  })

  it('every API answer carries them and is never stored: data, refusals, unknown addresses, REST aliases', async () => {
    const answers = {
      session: await get('/api/session/'),
      orders: await get('/api/order/'),
      acts: await get('/api/getActs/'),
      messages: await get('/ajax/messages/'),
      search: await get('/search/?q=%D1%84'),
      signedOut: await get('/api/order/', {}),
      badInput: await fixture.app.inject({ method: 'POST', url: '/api/login/', headers: { 'content-type': 'application/json' }, payload: '{' }),
      unknown: await get('/api/nothing/'),
      restAlias: await get('/rest/order/'),
    }
    for (const [what, response] of Object.entries(answers)) {
      expectFramingRefused(response, what)
      expect(policyOf(response).get('default-src'), what).toEqual(["'self'"])
      expect(response.headers['cache-control'], what).toBe('no-store')
    }
    expect(answers.orders.statusCode).toBe(200)
    expect(answers.signedOut.statusCode).toBe(401)
    expect(answers.badInput.statusCode).toBe(400)
  })

  it('keeps the caching of hashed assets and public catalogue pictures, with the other headers', async () => {
    const asset = await get('/assets/app-1a2b.js', { accept: '*/*' })
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expectFramingRefused(asset, 'asset')
    const picture = await get('/pictures/1.svg', { accept: '*/*' })
    expect(picture.statusCode).toBe(200)
    expect(picture.headers['cache-control']).toBe('public, max-age=86400')
    expectFramingRefused(picture, 'picture')
  })

  it('the served atlas gets a policy Mermaid works under: own scripts only, inline styles for its diagrams', async () => {
    const atlas = await get('/atlas/', html)
    expect(atlas.statusCode).toBe(200)
    expectFramingRefused(atlas, 'atlas')
    const policy = policyOf(atlas)
    expect(policy.get('script-src')).toEqual(["'self'"])
    expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"])
  })
})
