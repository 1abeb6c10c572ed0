import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { createHttp, UNEXPECTED_ANSWER_MESSAGE } from '../../src/services/http'
import { createBootAnswers } from '../../src/services/boot-answers'

const listSchema = z.object({ items: z.array(z.number()) })

/** A server that answers each request from `answers` in turn, recording the If-None-Match it was sent. */
function fakeServer(answers: (() => Response)[]) {
  const sent: { url: string; ifNoneMatch: string | null }[] = []
  const fetch = async (request: Request) => {
    sent.push({ url: request.url, ifNoneMatch: request.headers.get('if-none-match') })
    const answer = answers.shift()
    if (!answer) throw new Error('no answer left')
    return answer()
  }
  const http = createHttp({ prefixUrl: 'http://cabinet.test/', fetch: fetch as typeof globalThis.fetch, bootAnswers: createBootAnswers({}) })
  return { http, sent }
}

const withEtag = (body: unknown, etag: string) => () => Response.json(body, { headers: { etag } })
const notModified = () => new Response(null, { status: 304 })

describe('a polled GET names the last ETag and takes a 304 as «unchanged»', () => {
  it('sends If-None-Match with the last ETag of the address, and a 304 answers the data parsed last time', async () => {
    const { http, sent } = fakeServer([withEtag({ items: [1] }, '"a"'), notModified, withEtag({ items: [1, 2] }, '"b"'), notModified])
    const first = await http.get('getActs', undefined, listSchema, { page: 1 })
    const unchanged = await http.get('getActs', undefined, listSchema, { page: 1 })
    const changed = await http.get('getActs', undefined, listSchema, { page: 1 })
    const unchangedAgain = await http.get('getActs', undefined, listSchema, { page: 1 })
    expect(first).toEqual({ items: [1] })
    expect(unchanged).toBe(first)
    expect(changed).toEqual({ items: [1, 2] })
    expect(unchangedAgain).toBe(changed)
    expect(sent.map((request) => request.ifNoneMatch)).toEqual([null, '"a"', '"a"', '"b"'])
  })

  it('keeps the ETag per address: another query or method sends none of it', async () => {
    const { http, sent } = fakeServer([withEtag({ items: [1] }, '"a"'), withEtag({ items: [2] }, '"b"'), withEtag({ items: [3] }, '"c"')])
    await http.get('getActs', undefined, listSchema, { page: 1 })
    expect(await http.get('getActs', undefined, listSchema, { page: 2 })).toEqual({ items: [2] })
    expect(await http.get('order', undefined, listSchema, { page: 1 })).toEqual({ items: [3] })
    expect(sent.map((request) => request.ifNoneMatch)).toEqual([null, null, null])
  })

  it('an answer without an ETag is not kept, and a 304 to a GET that named none is an unexpected answer', async () => {
    const { http, sent } = fakeServer([() => Response.json({ items: [1] }), notModified])
    await http.get('getBasketData', undefined, listSchema, { contract: '1' })
    await expect(http.get('getBasketData', undefined, listSchema, { contract: '1' })).rejects.toMatchObject({
      message: UNEXPECTED_ANSWER_MESSAGE,
      status: 304,
    })
    expect(sent.map((request) => request.ifNoneMatch)).toEqual([null, null])
  })
})
