import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { createBootAnswers } from '../../src/services/boot-answers'
import { createHttp } from '../../src/services/http'

const listSchema = z.object({ items: z.array(z.number()) })

/** A server whose answers the test releases one by one. */
function heldServer() {
  const held: (() => void)[] = []
  const fetch = () => new Promise<Response>((resolve) => held.push(() => resolve(Response.json({ items: [1] }))))
  const http = createHttp({ prefixUrl: 'http://cabinet.test/', fetch: fetch as typeof globalThis.fetch, bootAnswers: createBootAnswers({}) })
  const release = async () => {
    held.shift()!()
    await new Promise((resolve) => setTimeout(resolve, 0))
  }
  return { http, release, held }
}

const settledYet = (promise: Promise<void>) => Promise.race([promise.then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), 10))])

describe('whenQuiet: no API call under way', () => {
  it('resolves at once when nothing is under way', async () => {
    const { http } = heldServer()
    expect(await settledYet(http.whenQuiet(1_000))).toBe(true)
  })

  it('waits for every call under way to be answered and parsed, reads and lookups alike', async () => {
    const { http, release, held } = heldServer()
    const read = http.get('getActs', undefined, listSchema, { page: 1 })
    const lookup = http.lookup('filter', { catalog: '-1' }, listSchema)
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(held).toHaveLength(2)
    const quiet = http.whenQuiet(1_000)
    await release()
    expect(await settledYet(quiet)).toBe(false)
    await release()
    expect(await settledYet(quiet)).toBe(true)
    expect(await read).toEqual({ items: [1] })
    expect(await lookup).toEqual({ items: [1] })
  })

  it('gives up waiting after the timeout when a call hangs', async () => {
    const { http } = heldServer()
    void http.lookup('filter', {}, listSchema)
    await new Promise((resolve) => setTimeout(resolve, 0))
    const quiet = http.whenQuiet(30)
    expect(await settledYet(quiet)).toBe(false)
    await new Promise((resolve) => setTimeout(resolve, 40))
    expect(await settledYet(quiet)).toBe(true)
  })
})
