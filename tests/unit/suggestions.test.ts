import { Subject } from 'rxjs'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Suggestion } from '../../src/contract/suggestions'
import { createHttp } from '../../src/services/http'
import { createActor, setup } from 'xstate'
import { suggestions$ } from '../../src/services/suggestion-stream'
import { nameSuggestionsLogic, requestAddressSuggestions, requestNameSuggestions, type SuggestRequest } from '../../src/services/suggestions'

const DEBOUNCE = 300
const KAZAN: Suggestion = { value: 'г. Казань', postindex: '420000' }

beforeEach(() => void vi.useFakeTimers())
afterEach(() => void vi.useRealTimers())

/** A request that answers when the test says, recording each call and its signal. */
function controlled() {
  const calls: { query: string; signal: AbortSignal; answer: (list: Suggestion[]) => void; fail: () => void }[] = []
  const request: SuggestRequest = (query, signal) =>
    new Promise((resolve, reject) => calls.push({ query, signal, answer: resolve, fail: () => reject(new Error('down')) }))
  return { calls, request }
}

function run(request: SuggestRequest) {
  const texts = new Subject<string>()
  const answers: Suggestion[][] = []
  const subscription = suggestions$(texts, request, { debounceMs: DEBOUNCE }).subscribe((list) => answers.push(list))
  return { texts, answers, subscription }
}

describe('suggestions$', () => {
  it('asks once the typing pauses, with the trimmed text', async () => {
    const { calls, request } = controlled()
    const { texts, answers } = run(request)
    texts.next('Каз')
    texts.next('Казан ')
    await vi.advanceTimersByTimeAsync(DEBOUNCE - 1)
    expect(calls).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(calls.map((call) => call.query)).toEqual(['Казан'])
    calls[0]!.answer([KAZAN])
    await vi.advanceTimersByTimeAsync(0)
    expect(answers).toEqual([[KAZAN]])
  })

  it('answers none at once, without a call, under 3 characters', async () => {
    const { calls, request } = controlled()
    const { texts, answers } = run(request)
    texts.next(' Ка ')
    await vi.advanceTimersByTimeAsync(DEBOUNCE * 2)
    expect(calls).toEqual([])
    expect(answers).toEqual([[]])
  })

  it('a new keystroke aborts the request in flight; its late answer is never shown', async () => {
    const { calls, request } = controlled()
    const { texts, answers } = run(request)
    texts.next('Каза')
    await vi.advanceTimersByTimeAsync(DEBOUNCE)
    expect(calls[0]!.signal.aborted).toBe(false)
    texts.next('Казан')
    expect(calls[0]!.signal.aborted).toBe(true)
    calls[0]!.answer([{ value: 'stale' }])
    await vi.advanceTimersByTimeAsync(DEBOUNCE)
    calls[1]!.answer([KAZAN])
    await vi.advanceTimersByTimeAsync(0)
    expect(answers).toEqual([[KAZAN]])
  })

  it('a failed request answers none; unsubscribing aborts the one in flight', async () => {
    const { calls, request } = controlled()
    const { texts, answers, subscription } = run(request)
    texts.next('Омск')
    await vi.advanceTimersByTimeAsync(DEBOUNCE)
    calls[0]!.fail()
    await vi.advanceTimersByTimeAsync(0)
    expect(answers).toEqual([[]])
    texts.next('Омск ')
    await vi.advanceTimersByTimeAsync(DEBOUNCE)
    subscription.unsubscribe()
    expect(calls[1]!.signal.aborted).toBe(true)
  })
})

describe('the suggestion calls', () => {
  it('GET /api/suggest/address/?query= and /api/suggest/name/?query=&part=, answers checked by the contract', async () => {
    vi.useRealTimers()
    const urls: string[] = []
    const fetch = async (input: RequestInfo | URL) => {
      const url = input instanceof Request ? input.url : String(input)
      urls.push(url)
      return new Response(JSON.stringify(url.includes('name') ? [{ value: 'Иванов' }] : [KAZAN]), { headers: { 'content-type': 'application/json' } })
    }
    const http = createHttp({ prefixUrl: 'http://cabinet.test/', fetch: fetch as typeof globalThis.fetch })
    const signal = new AbortController().signal
    expect(await requestAddressSuggestions(http)('Казань', signal)).toEqual([KAZAN])
    expect(await requestNameSuggestions(http, 'surname')('Иван', signal)).toEqual([{ value: 'Иванов' }])
    expect(urls.map((url) => decodeURIComponent(url))).toEqual([
      'http://cabinet.test/api/suggest/address/?query=Казань',
      'http://cabinet.test/api/suggest/name/?query=Иван&part=surname',
    ])
  })
})

describe('nameSuggestionsLogic', () => {
  it('one stream for the surname and the name: a keystroke in the other field drops the pending request; the answer is the last field’s', async () => {
    vi.useRealTimers()
    const urls: string[] = []
    const fetch = async (input: RequestInfo | URL) => {
      const url = decodeURIComponent(input instanceof Request ? input.url : String(input))
      urls.push(url)
      return new Response(JSON.stringify(url.includes('part=name') ? [{ value: 'Сергей' }] : [{ value: 'Иванов' }]), {
        headers: { 'content-type': 'application/json' },
      })
    }
    const http = createHttp({ prefixUrl: 'http://cabinet.test/', fetch: fetch as typeof globalThis.fetch })
    const found: unknown[] = []
    const parent = createActor(
      setup({ actors: { suggest: nameSuggestionsLogic(http) } }).createMachine({
        invoke: { id: 'suggest', src: 'suggest', input: { debounceMs: 20 } },
        on: { 'suggestions.found': { actions: ({ event }) => found.push(event) } },
      }),
    ).start()
    const suggest = parent.getSnapshot().children.suggest
    suggest?.send({ type: 'suggest.query', text: 'Ива', part: 'surname' })
    suggest?.send({ type: 'suggest.query', text: 'Сер', part: 'name' })
    await vi.waitFor(() => expect(found).toHaveLength(1))
    expect(urls).toEqual(['http://cabinet.test/api/suggest/name/?query=Сер&part=name'])
    expect(found).toEqual([{ type: 'suggestions.found', suggestions: [{ value: 'Сергей' }] }])
    suggest?.send({ type: 'suggest.query', text: 'Ива', part: 'surname' })
    await vi.waitFor(() => expect(found).toHaveLength(2))
    expect(urls.at(-1)).toBe('http://cabinet.test/api/suggest/name/?query=Ива&part=surname')
    parent.stop()
  })
})
