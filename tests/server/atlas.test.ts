import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../../server/config'
import { startServer, type ServerFixture } from '../support/server-fixture'

const ATLAS_INDEX = '<!doctype html><title>Workflow atlas</title>'
const SPA_INDEX = '<!doctype html><div id="root"></div>'
const html = { accept: 'text/html,*/*;q=0.8' }

let atlasDir: string
let clientDir: string
beforeAll(() => {
  atlasDir = mkdtempSync(join(tmpdir(), 'cabinet-atlas-'))
  writeFileSync(join(atlasDir, 'index.html'), ATLAS_INDEX)
  writeFileSync(join(atlasDir, 'orderCancel.html'), '<!doctype html><title>orderCancel</title>')
  clientDir = mkdtempSync(join(tmpdir(), 'cabinet-client-'))
  writeFileSync(join(clientDir, 'index.html'), SPA_INDEX)
})
afterAll(() => {
  rmSync(atlasDir, { recursive: true, force: true })
  rmSync(clientDir, { recursive: true, force: true })
})

describe('the ATLAS switch', () => {
  it('serves the atlas in development, in production only with ATLAS=1, nowhere with ATLAS=0', () => {
    expect(loadConfig({ ATLAS_DIR: atlasDir }).atlasDir).toBe(atlasDir)
    expect(loadConfig({ ATLAS_DIR: atlasDir, NODE_ENV: 'production' }).atlasDir).toBeUndefined()
    expect(loadConfig({ ATLAS_DIR: atlasDir, NODE_ENV: 'production', ATLAS: '1' }).atlasDir).toBe(atlasDir)
    expect(loadConfig({ ATLAS_DIR: atlasDir, ATLAS: '0' }).atlasDir).toBeUndefined()
  })

  it('refuses another value in Russian', () => {
    expect(() => loadConfig({ ATLAS: 'yes' })).toThrow(ConfigError)
    expect(() => loadConfig({ ATLAS: 'yes' })).toThrow(/ATLAS="yes"/)
  })
})

async function withServer(env: Record<string, string>, check: (fixture: ServerFixture) => Promise<void>) {
  const fixture = await startServer({ clientDir, env: { ATLAS_DIR: atlasDir, ...env } })
  try {
    await check(fixture)
  } finally {
    await fixture.close()
  }
}

describe('/atlas/', () => {
  it('serves the built atlas in development', async () => {
    await withServer({}, async ({ app }) => {
      const index = await app.inject({ method: 'GET', url: '/atlas/', headers: html })
      expect(index.statusCode).toBe(200)
      expect(index.body).toBe(ATLAS_INDEX)
      expect((await app.inject({ method: 'GET', url: '/atlas/orderCancel.html' })).body).toContain('orderCancel')
      expect((await app.inject({ method: 'GET', url: '/atlas' })).headers.location).toBe('/atlas/')
      expect((await app.inject({ method: 'GET', url: '/atlas/../package.json' })).statusCode).toBe(404)
    })
  })

  it('is an unknown address in production unless ATLAS=1 (a 404, never the SPA page)', async () => {
    await withServer({ NODE_ENV: 'production' }, async ({ app }) => {
      for (const url of ['/atlas', '/atlas/', '/atlas/index.html', '/atlas/orderCancel.html']) {
        const response = await app.inject({ method: 'GET', url, headers: html })
        expect(response.statusCode, url).toBe(404)
        expect(response.body, url).not.toContain('Workflow atlas')
        expect(response.json(), url).toEqual({ message: 'Адрес не найден' })
      }
    })
    await withServer({ NODE_ENV: 'production', ATLAS: '1' }, async ({ app }) => {
      expect((await app.inject({ method: 'GET', url: '/atlas/', headers: html })).body).toBe(ATLAS_INDEX)
    })
  })
})
