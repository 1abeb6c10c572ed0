import { describe, expect, it, vi } from 'vitest'
import { createActor, setup } from 'xstate'
import { consigneeResponseSchema } from '../../src/contract/consignees'
import { createUnauthorizedSignal } from '../../src/services/auth'
import { createConsigneeFormActors } from '../../src/services/consignees'
import { createHttp, NETWORK_ERROR_MESSAGE, UNEXPECTED_ANSWER_MESSAGE } from '../../src/services/http'
import { upload$, type UploadEvent, type UploadRequest } from '../../src/services/upload'
import { IO_WAIT } from '../support/waits'

/** An XMLHttpRequest stand-in the test drives: progress, then an answer or a network failure. */
function fakeRequest() {
  const calls: string[] = []
  const request = {
    status: 0,
    responseText: '',
    upload: { onprogress: null as ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null },
    onload: null as (() => void) | null,
    onerror: null as (() => void) | null,
    open: (method: string, url: string) => calls.push(`open ${method} ${url}`),
    setRequestHeader: () => undefined,
    send: (body: unknown) => calls.push(`send ${body instanceof FormData ? 'form' : typeof body}`),
    abort: () => calls.push('abort'),
  }
  const answer = (status: number, body: unknown) => {
    request.status = status
    request.responseText = typeof body === 'string' ? body : JSON.stringify(body)
    request.onload?.()
  }
  return { request, calls, answer, create: () => request as unknown as UploadRequest }
}

const CONSIGNEE = { id: 3, surname: 'Орлова', name: 'Мария', file_name: 'scan.png' }

function run(fake: ReturnType<typeof fakeRequest>) {
  const events: UploadEvent<unknown>[] = []
  let completed = false
  const subscription = upload$('/api/consigneeUpload/', new FormData(), consigneeResponseSchema, fake.create).subscribe({
    next: (event) => events.push(event),
    complete: () => (completed = true),
  })
  return { events, subscription, isCompleted: () => completed }
}

describe('upload$: an XMLHttpRequest upload as a stream of events', () => {
  it('reports the bytes sent, then the parsed answer, and completes', () => {
    const fake = fakeRequest()
    const { events, isCompleted } = run(fake)
    expect(fake.calls).toEqual(['open POST /api/consigneeUpload/', 'send form'])
    fake.request.upload.onprogress?.({ lengthComputable: true, loaded: 400, total: 1000 })
    fake.request.upload.onprogress?.({ lengthComputable: false, loaded: 0, total: 0 })
    fake.request.upload.onprogress?.({ lengthComputable: true, loaded: 1000, total: 1000 })
    fake.answer(200, { consignee: CONSIGNEE })
    expect(events).toEqual([
      { type: 'upload.progress', loaded: 400, total: 1000 },
      { type: 'upload.progress', loaded: 1000, total: 1000 },
      { type: 'upload.done', answer: { consignee: CONSIGNEE } },
    ])
    expect(isCompleted()).toBe(true)
  })

  it("gives a refusal's status and the server's message", () => {
    const fake = fakeRequest()
    const { events } = run(fake)
    fake.answer(415, { message: 'Unsupported format' })
    expect(events).toEqual([{ type: 'upload.failed', status: 415, message: 'Unsupported format' }])
  })

  it('names the status when the server sent no message, and an answer of another shape as unexpected', () => {
    const refused = fakeRequest()
    const first = run(refused)
    refused.answer(502, '<html>Bad gateway</html>')
    expect(first.events).toEqual([{ type: 'upload.failed', status: 502, message: 'Ошибка сервера (502)' }])
    const odd = fakeRequest()
    const second = run(odd)
    odd.answer(200, { ok: true })
    expect(second.events).toEqual([{ type: 'upload.failed', status: 200, message: UNEXPECTED_ANSWER_MESSAGE }])
  })

  it('reports no connection with status 0', () => {
    const fake = fakeRequest()
    const { events } = run(fake)
    fake.request.onerror?.()
    expect(events).toEqual([{ type: 'upload.failed', status: 0, message: NETWORK_ERROR_MESSAGE }])
  })

  it('aborts the request when unsubscribed before it ends, and not after', () => {
    const running = fakeRequest()
    run(running).subscription.unsubscribe()
    expect(running.calls).toContain('abort')
    const finished = fakeRequest()
    const { subscription } = run(finished)
    finished.answer(200, { consignee: CONSIGNEE })
    subscription.unsubscribe()
    expect(finished.calls).not.toContain('abort')
  })
})

describe('a 401 during the consignee upload', () => {
  it('signs the dealer out as any other 401 does: the http layer hears it and the session gets session.expired', async () => {
    const fake = fakeRequest()
    const unauthorized = createUnauthorizedSignal()
    const http = createHttp({ prefixUrl: 'http://cabinet.test/', onUnauthorized: unauthorized.notify })
    const heard: string[] = []
    const session = createActor(
      setup({ actors: { watchUnauthorized: unauthorized.watch } }).createMachine({
        invoke: { src: 'watchUnauthorized' },
        on: { 'session.expired': { actions: ({ event }) => heard.push(event.type) } },
      }),
    ).start()
    const { uploadImage } = createConsigneeFormActors({ http, createRequest: fake.create })
    const events: unknown[] = []
    const parent = createActor(
      setup({ actors: { uploadImage } }).createMachine({
        invoke: { src: 'uploadImage', input: { consignee: 3, file: new File(['png'], 'scan.png', { type: 'image/png' }) } },
        on: { '*': { actions: ({ event }) => events.push(event) } },
      }),
    ).start()
    fake.answer(401, { message: 'Требуется вход' })
    await vi.waitFor(() => expect(heard).toEqual(['session.expired']), IO_WAIT)
    expect(events).toContainEqual({ type: 'upload.failed', status: 401, message: 'Требуется вход' })
    // another refusal signs nobody out
    const refused = fakeRequest()
    const other = createActor(
      setup({ actors: { uploadImage: createConsigneeFormActors({ http, createRequest: refused.create }).uploadImage } }).createMachine({
        invoke: { src: 'uploadImage', input: { consignee: 3, file: new File(['txt'], 'a.png', { type: 'image/png' }) } },
      }),
    ).start()
    refused.answer(415, { message: 'Unsupported format' })
    await Promise.resolve()
    expect(heard).toEqual(['session.expired'])
    for (const actor of [session, parent, other]) actor.stop()
  })
})
