import { request as httpRequest } from 'node:http'
import type { AddressInfo } from 'node:net'
import { PassThrough } from 'node:stream'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { loginAs, startServer, type ServerFixture } from '../support/server-fixture'

/**
 * Issue 24 §4: a client that goes away before a large compressed answer is out is no server error.
 * The request log is read line by line. The filter's answer to a plain Accept-Encoding is
 * compressed once and kept (server/catalogue/kept-answer-reply.ts); asked with a weight, it goes
 * through @fastify/compress's stream as any answer over 8 KB does.
 */
const FILTER = JSON.stringify({ catalog: '-1', warehouse: 1, perpage: 60 })
const CLIENT_LEFT = 'the client left before the answer was sent'
const MAX_ROUNDS = 5
/** pino's numeric levels */
const ERROR_LEVEL = 50

let fixture: ServerFixture
let cookie: string
let port: number
const logLines: { level: number; msg?: string; err?: { message?: string } }[] = []

beforeAll(async () => {
  fixture = await startServer({ products: 60, log: { logLevel: 'info', logStream: { write: (line) => void logLines.push(JSON.parse(line)) } } })
  // a source that breaks while the client waits: a real error
  fixture.app.get('/test/broken-stream/', (_request, reply) => {
    const source = new PassThrough()
    setTimeout(() => source.destroy(), 5)
    return reply.type('application/json').send(source)
  })
  cookie = await loginAs(fixture, 'mainAccount')
  await fixture.app.listen({ host: '127.0.0.1', port: 0 })
  port = (fixture.app.server.address() as AddressInfo).port
})
afterAll(() => fixture?.close())
beforeEach(() => {
  logLines.length = 0
})

const STREAMED = 'br;q=1'

/** POST /api/filter/ asking for brotli; `leaveAfterMs` set: the client closes its socket that long after sending. */
function askFilter(leaveAfterMs?: number, acceptEncoding = 'br'): Promise<{ status?: number; encoding?: string; bytes: number }> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/filter/',
        headers: { cookie, 'content-type': 'application/json', 'accept-encoding': acceptEncoding },
      },
      (response) => {
        let bytes = 0
        response.on('data', (chunk: Buffer) => (bytes += chunk.length))
        response.on('end', () => resolve({ status: response.statusCode, encoding: response.headers['content-encoding'], bytes }))
      },
    )
    outgoing.on('error', (error) => (leaveAfterMs === undefined ? reject(error) : resolve({ bytes: 0 })))
    outgoing.end(FILTER)
    if (leaveAfterMs !== undefined) setTimeout(() => outgoing.destroy(), leaveAfterMs)
  })
}

/** Until every request the server took has finished (its log line says so). */
async function settled(requests: number) {
  for (let wait = 0; wait < 200 && logLines.filter((line) => line.msg === 'request completed').length < requests; wait++) {
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

describe('a client leaving mid-answer', () => {
  it('the answer is large enough to be compressed, kept or as a stream', async () => {
    for (const acceptEncoding of ['br', STREAMED]) {
      const answer = await askFilter(undefined, acceptEncoding)
      expect(answer.status).toBe(200)
      expect(answer.encoding).toBe('br')
      expect(answer.bytes).toBeGreaterThan(1024)
    }
  })

  const moments = [0, 0, 1, 1, 2, 2, 3, 5, 8, 13]

  it('is no error in the log when the kept compressed answer is sent', async () => {
    await Promise.all(moments.map((ms) => askFilter(ms)))
    await settled(moments.length)
    expect(logLines.filter((line) => line.level >= ERROR_LEVEL)).toEqual([])
    expect((await askFilter()).status).toBe(200)
  })

  it('is no error in the log, only an info line, at whatever moment it leaves a streamed answer', async () => {
    // the moment that catches the server between its handler and the first compressed byte varies with the load
    for (let round = 0; round < MAX_ROUNDS && !logLines.some((line) => line.msg === CLIENT_LEFT); round++) {
      await Promise.all(moments.map((ms) => askFilter(ms, STREAMED)))
      await settled(moments.length * (round + 1))
    }
    expect(logLines.filter((line) => line.msg === CLIENT_LEFT).every((line) => line.level < ERROR_LEVEL)).toBe(true)
    expect(logLines.some((line) => line.msg === CLIENT_LEFT)).toBe(true)
    expect(logLines.filter((line) => line.level >= ERROR_LEVEL)).toEqual([])
    // the server still answers
    expect((await askFilter()).status).toBe(200)
  })

  it('a stream that breaks while the client waits is still an error in the log, and a 500', async () => {
    const response = await fixture.app.inject({ method: 'GET', url: '/test/broken-stream/' })
    expect(response.statusCode).toBe(500)
    expect(logLines.filter((line) => line.level >= ERROR_LEVEL).map((line) => line.err?.message)).toEqual(['Premature close'])
  })
})
