import { describe, expect, it, vi } from 'vitest'
import * as z from 'zod/mini'
import { BOOT_ANSWERS_ELEMENT_ID, ORDERS_FIRST_PAGE_ADDRESS, basketAddress, bootAddress } from '../../src/contract/boot-answers'
import { ORDERS_FILTER_DEFAULTS, ordersQuery } from '../../src/machines/orders-filter'
import { createBootAnswers, readPageBootAnswers, type BootAnswers, type BootAnswersClock } from '../../src/services/boot-answers'
import { ApiCallError, UNEXPECTED_ANSWER_MESSAGE, createHttp } from '../../src/services/http'

const counter = z.object({ n: z.number() })

/** An http client over a fake server that answers { n } counting its requests, and the addresses it was asked. */
function httpWith(bootAnswers: BootAnswers) {
  const asked: string[] = []
  const fetch = async (request: Request) => {
    const url = new URL(request.url)
    asked.push(`${request.method} ${url.pathname}${url.search}`)
    return Response.json({ n: asked.length })
  }
  return { http: createHttp({ prefixUrl: 'http://cabinet.test/', fetch: fetch as typeof globalThis.fetch, bootAnswers }), asked }
}

const clockAt = (now: number): BootAnswersClock => ({ now: () => now, freshForMs: 10_000 })

describe('boot answers', () => {
  it('hand each answer out once, to a GET of the same address and query', async () => {
    const { http, asked } = httpWith(createBootAnswers({ '/api/initdata/': { n: 100 }, [basketAddress('7')]: { n: 200 } }, clockAt(0)))
    expect(await http.get('initdata', undefined, counter)).toEqual({ n: 100 })
    expect(await http.get('getBasketData', undefined, counter, { contract: '8' })).toEqual({ n: 1 })
    expect(await http.getUrl('/api/getBasketData/', counter, { contract: 7 })).toEqual({ n: 200 })
    expect(await http.get('initdata', undefined, counter)).toEqual({ n: 2 })
    expect(asked).toEqual(['GET /api/getBasketData/?contract=8', 'GET /api/initdata/'])
  })

  it('are dropped by any call that may change something, but not by a POST that only reads', async () => {
    const { http, asked } = httpWith(createBootAnswers({ '/api/a/': { n: 100 }, '/api/b/': { n: 200 } }, clockAt(0)))
    await http.lookup('filter', {}, counter)
    expect(await http.get('a', undefined, counter)).toEqual({ n: 100 })
    await http.call('logout', {}, counter)
    expect(await http.get('b', undefined, counter)).toEqual({ n: 3 })
    expect(asked).toEqual(['POST /api/filter/', 'POST /api/logout/', 'GET /api/b/'])
  })

  it('are no longer handed out once the start is over', () => {
    const answers = { '/api/a/': { n: 1 }, '/api/b/': { n: 2 } }
    expect(createBootAnswers(answers, clockAt(9_999)).take('/api/a/')).toEqual({ body: { n: 1 } })
    expect(createBootAnswers(answers, clockAt(10_001)).take('/api/a/')).toBeUndefined()
  })

  it('go through the call’s schema like any answer', async () => {
    const { http } = httpWith(createBootAnswers({ '/api/a/': { n: 'many' } }, clockAt(0)))
    const failure = await http.get('a', undefined, counter).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(ApiCallError)
    expect(failure).toMatchObject({ message: UNEXPECTED_ANSWER_MESSAGE, status: 200 })
  })

  it('are read from the page once, and the page’s element goes', () => {
    // the page was asked for just now (test files share a worker, whose clock has long run)
    vi.spyOn(performance, 'now').mockReturnValue(0)
    let removed = 0
    const element = (text: string) => ({ textContent: text, remove: () => void removed++ })
    const page = (text: string | null) => ({ getElementById: (id: string) => (id === BOOT_ANSWERS_ELEMENT_ID && text !== null ? element(text) : null) })
    expect(readPageBootAnswers(page('{"/api/a/":{"n":1}}')).take('/api/a/')).toMatchObject({ body: { n: 1 } })
    expect(removed).toBe(1)
    for (const text of [null, 'not json', '[1,2]', 'null']) expect(readPageBootAnswers(page(text)).take('/api/a/'), String(text)).toBeUndefined()
    expect(readPageBootAnswers(undefined).take('/api/a/')).toBeUndefined()
  })

  it('name the orders page’s first list exactly as the orders screen asks for it', async () => {
    expect(ORDERS_FIRST_PAGE_ADDRESS).toBe(bootAddress('/api/order/', ordersQuery(ORDERS_FILTER_DEFAULTS)))
    const { http, asked } = httpWith(createBootAnswers({}))
    await http.get('order', undefined, counter, ordersQuery(ORDERS_FILTER_DEFAULTS))
    expect(asked).toEqual([`GET ${ORDERS_FIRST_PAGE_ADDRESS}`])
  })
})
