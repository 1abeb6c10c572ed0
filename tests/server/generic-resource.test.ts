import type { FastifyRequest } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { GENERIC_RESOURCE_MESSAGES } from '../../src/contract/generic-resource'
import { AUTH_MESSAGES } from '../../src/contract/auth'
import { requireAccount, signedInUser } from '../../server/auth/require-account'
import { loginAs, startServer, type ServerFixture } from '../support/server-fixture'
import { sessionRequests } from '../support/server-requests'

let fixture: ServerFixture
let cookie: string

const { get, post } = sessionRequests(
  () => fixture,
  () => cookie,
)

/** Echoes what reached a resource's own handler: the verb, the id, the body and the session. */
function registerProbeResource() {
  const guarded = { preHandler: requireAccount({ db: fixture.db, now: fixture.clock.now }) }
  const echo = (verb: string) => async (request: FastifyRequest) => ({
    verb,
    params: request.params,
    body: request.body,
    userId: signedInUser(request).id,
  })
  fixture.app.delete('/api/probe/:id/', guarded, echo('DELETE'))
  fixture.app.put('/api/probe/:id/', guarded, echo('PUT'))
  fixture.app.put('/api/probe/', guarded, echo('PUT'))
  fixture.app.patch('/api/patchable/:id/', guarded, echo('PATCH'))
}

beforeAll(async () => {
  fixture = await startServer({ products: 40 })
  // routes are added before the first request readies the app
  registerProbeResource()
  cookie = await loginAs(fixture, 'mainAccount')
})
afterAll(() => fixture?.close())

describe('POST /api/{method}/{id}/ with a body field method (spec §7)', () => {
  it("del runs the resource's DELETE handler with the id, the other fields and the session", async () => {
    const response = await post('/api/probe/42/', { method: 'del', reason: 'не нужен' })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toMatchObject({ verb: 'DELETE', params: { id: '42' }, body: { reason: 'не нужен' } })
    expect(response.json().body).not.toHaveProperty('method')
  })

  it('put runs PUT, on /api/{method}/{id}/ and on /api/{method}/', async () => {
    expect((await post('/api/probe/7/', { method: 'put', name: 'x' })).json()).toMatchObject({ verb: 'PUT', params: { id: '7' }, body: { name: 'x' } })
    expect((await post('/api/probe/', { method: 'put', name: 'y' })).json()).toMatchObject({ verb: 'PUT', body: { name: 'y' } })
  })

  it('update runs PATCH where the resource has one, otherwise PUT', async () => {
    expect((await post('/api/patchable/3/', { method: 'update' })).json()).toMatchObject({ verb: 'PATCH', params: { id: '3' } })
    expect((await post('/api/probe/3/', { method: 'update' })).json()).toMatchObject({ verb: 'PUT', params: { id: '3' } })
  })

  it('a form-encoded body is dispatched the same way', async () => {
    const response = await fixture.app.inject({
      method: 'POST',
      url: '/api/probe/5/',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'method=del&note=abc',
    })
    expect(response.json()).toMatchObject({ verb: 'DELETE', params: { id: '5' }, body: { note: 'abc' } })
  })

  it("the resource's own checks still apply: no session, no answer", async () => {
    const response = await post('/api/probe/42/', { method: 'del' }, null)
    expect(response.statusCode).toBe(401)
    expect(response.json().message).toBe(AUTH_MESSAGES.noSession)
  })

  it('a cross-site POST is refused before any dispatch', async () => {
    const response = await fixture.app.inject({
      method: 'POST',
      url: '/api/probe/42/',
      headers: { cookie, origin: 'https://evil.example' },
      payload: { method: 'del' },
    })
    expect(response.statusCode).toBe(403)
  })

  it('an unknown method is a 400 in Russian', async () => {
    for (const method of ['drop', '', 'DEL', 42, null]) {
      const response = await post('/api/probe/42/', { method })
      expect(response.statusCode, String(method)).toBe(400)
      expect(response.json().message).toContain(GENERIC_RESOURCE_MESSAGES.unknownMethod)
    }
  })

  it('a method the resource has no handler for is a 404 in Russian', async () => {
    const response = await post('/api/drafts/5/', { method: 'del' })
    expect(response.statusCode).toBe(404)
    expect(response.json().message).toBe(`${GENERIC_RESOURCE_MESSAGES.unsupported}: del /api/drafts/5/`)
  })

  it('a POST naming no method stays an unknown address', async () => {
    const response = await post('/api/nothingHere/5/', { id: 5 })
    expect(response.statusCode).toBe(404)
    expect(response.json().message).toMatch(/^Неизвестный метод API/)
  })

  it('named POST routes are untouched by the dispatch', async () => {
    const response = await post('/api/drafts/', { id: 999_999, action: 'remove', method: 'del' })
    expect(response.statusCode).not.toBe(200)
    expect(response.json()).not.toHaveProperty('verb')
  })
})

describe('GET or POST /rest/{method}/{id}/ answers like /api/ (spec §7)', () => {
  it('GET', async () => {
    const viaApi = await get('/api/drafts/?page=1')
    const viaRest = await get('/rest/drafts/?page=1')
    expect(viaRest.statusCode).toBe(200)
    expect(viaRest.json()).toEqual(viaApi.json())
    const product = await get('/rest/product/1/')
    expect(product.statusCode).toBe((await get('/api/product/1/')).statusCode)
  })

  it('POST, the generic dispatch included', async () => {
    const viaRest = await post('/rest/filter/', {})
    expect(viaRest.statusCode).toBe(200)
    expect(viaRest.json()).toEqual((await post('/api/filter/', {})).json())
    expect((await post('/rest/probe/9/', { method: 'del' })).json()).toMatchObject({ verb: 'DELETE', params: { id: '9' } })
  })

  it('an unknown /rest/ address is the same 404 as under /api/', async () => {
    const response = await get('/rest/nothingHere/')
    expect(response.statusCode).toBe(404)
    expect(response.json().message).toBe('Неизвестный метод API: GET /api/nothingHere/')
  })
})
