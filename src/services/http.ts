import type { HTTPError, KyInstance } from 'ky'
import * as z from 'zod/mini'
import { bootAddress } from '../contract/boot-answers'
import { apiErrorSchema } from '../contract/common'
import { readPageBootAnswers, type BootAnswers } from './boot-answers'
import { nextTask } from './idle'

/** A failed call, with the server's Russian message when it sent one. */
export class ApiCallError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: unknown = undefined,
  ) {
    super(message)
    this.name = 'ApiCallError'
  }
}

export const NETWORK_ERROR_MESSAGE = 'Нет связи с сервером. Проверьте подключение и повторите.'
export const UNEXPECTED_ANSWER_MESSAGE = 'Сервер прислал неожиданный ответ. Повторите попытку позже.'

/** A 4xx answer is a refusal (asking again the same way gets the same answer), except a timeout or too many requests: a poll stops on it. */
export const isRefusalStatus = (status: number | undefined) => status !== undefined && status >= 400 && status < 500 && status !== 408 && status !== 429

export interface HttpOptions {
  /** absolute origin for tests and non-browser callers; the browser uses relative URLs */
  prefixUrl?: string
  /** called on every 401 so the session machine can sign the user out */
  onUnauthorized?: () => void
  fetch?: typeof fetch
  /** answers the server sent with the page (boot-answers.ts); the page's own unless given */
  bootAnswers?: BootAnswers
}

type Method = 'put' | 'update' | 'del'

/**
 * The one HTTP client of the SPA, implementing the generic resource conventions of spec §7:
 * GET /api/{method}/{id}/ for get; POST with body field `method` for put, update and del;
 * POST /api/{method}/ for calls; a bulk form posts an array and answers an array.
 * Every answer is parsed by its zod schema before anyone sees it.
 */
export function createHttp(options: HttpOptions = {}) {
  // ky is a chunk apart from the first load (4.4 KB gz less to parse before the first paint)
  let kyClient: Promise<KyInstance> | undefined
  // once loaded, taken at once: a call made while an event is handled (a filter click's request)
  // then leaves before the render that event scheduled, not after it
  let loadedClient: KyInstance | undefined
  const loadClient = () =>
    (kyClient ??= import('ky').then(
      (module) =>
        (loadedClient = module.default.create({
          prefixUrl: options.prefixUrl ?? '/',
          credentials: 'same-origin',
          retry: 0,
          timeout: 30_000,
          // a 304 answers a GET that named the last ETag (readFresh): the data parsed then still holds
          throwHttpErrors: (status) => status !== NOT_MODIFIED,
          fetch: options.fetch,
          headers: { accept: 'application/json' },
        })),
      (error: unknown) => {
        kyClient = undefined // a chunk that could not load is asked for again by the next call
        throw error
      },
    ))
  // asked for at once, beside the first route's chunk (the route pages preload it too), so the first call does not wait a round trip more
  loadClient().catch(() => undefined)
  const bootAnswers = options.bootAnswers ?? readPageBootAnswers()

  async function respond(request: (client: KyInstance) => Promise<Response>): Promise<Response> {
    try {
      return await request(loadedClient ?? (await loadClient()))
    } catch (error) {
      throw await toApiCallError(error, options.onUnauthorized)
    }
  }

  async function parseResponse<S extends z.ZodMiniType>(schema: S, response: Response): Promise<z.output<S>> {
    let json: unknown
    try {
      json = await response.json()
    } catch {
      throw new ApiCallError(UNEXPECTED_ANSWER_MESSAGE, response.status)
    }
    return parseAnswer(schema, json, response.status)
  }

  const calls = createCallCounter()

  const send = <S extends z.ZodMiniType>(schema: S, request: (client: KyInstance) => Promise<Response>): Promise<z.output<S>> =>
    calls.track(async () => parseResponse(schema, await respond(request)))

  const lastAnswers = createLastAnswers()

  /**
   * A GET that names the ETag of the address's last answer: a 304 (nothing changed, as a poll
   * mostly finds) answers the data parsed then, so nothing is sent or parsed again. The API's
   * answers are `no-store`, so the browser would not revalidate them by itself.
   */
  async function readFresh<S extends z.ZodMiniType>(
    schema: S,
    address: string,
    request: (client: KyInstance, headers: Record<string, string>) => Promise<Response>,
  ): Promise<z.output<S>> {
    return calls.track(async () => {
      const last = lastAnswers.get(address)
      const response = await respond((client) => request(client, last ? { 'if-none-match': last.etag } : {}))
      if (response.status === NOT_MODIFIED) {
        if (last) return last.data as z.output<S>
        throw new ApiCallError(UNEXPECTED_ANSWER_MESSAGE, response.status)
      }
      const data = await parseResponse(schema, response)
      const etag = response.headers.get('etag')
      if (etag) lastAnswers.set(address, { etag, data })
      return data
    })
  }

  /** A GET: the page's boot answer for the address when it has one, else the server's. */
  function read<S extends z.ZodMiniType>(
    schema: S,
    url: string,
    query: Record<string, string | number> | undefined,
    request: (client: KyInstance, headers: Record<string, string>) => Promise<Response>,
  ) {
    const address = bootAddress(url, query)
    const early = bootAnswers.take(address)
    // in a task of its own: taken in a microtask, the start's answers ran the whole start-up (the
    // session, the shell, the screen's machines) in the task that started it, one long task on a phone
    return early ? nextTask().then(() => parseAnswer(schema, early.body, 200)) : readFresh(schema, address, request)
  }

  /** Any other call may change what the boot answers say: those left are dropped first. */
  function write<S extends z.ZodMiniType>(schema: S, request: (client: KyInstance) => Promise<Response>) {
    bootAnswers.drop()
    return send(schema, request)
  }

  const path = (url: string) => url.replace(/^\//, '')

  return {
    /** GET any address with query parameters */
    getUrl: <S extends z.ZodMiniType>(url: string, schema: S, query?: Record<string, string | number>, signal?: AbortSignal) =>
      read(schema, url, query, (client, headers) => client.get(path(url), { searchParams: query, signal, headers })),
    /** POST a JSON body to any address */
    postUrl: <S extends z.ZodMiniType>(url: string, body: unknown, schema: S, signal?: AbortSignal) =>
      write(schema, (client) => client.post(path(url), { json: body ?? {}, signal })),
    /** GET /api/{method}/{id}/ (id may be omitted for a list) */
    get: <S extends z.ZodMiniType>(
      method: string,
      id: string | number | undefined,
      schema: S,
      query?: Record<string, string | number>,
      signal?: AbortSignal,
    ) => read(schema, apiPath(method, id), query, (client, headers) => client.get(apiPath(method, id), { searchParams: query, signal, headers })),
    /** POST /api/{method}/{id}/ with body field `method` (put, update, del) */
    mutate: <S extends z.ZodMiniType>(method: string, id: string | number, verb: Method, data: Record<string, unknown>, schema: S, signal?: AbortSignal) =>
      write(schema, (client) => client.post(apiPath(method, id), { json: { ...data, method: verb }, signal })),
    /** POST /api/{method}/ */
    call: <S extends z.ZodMiniType>(method: string, body: unknown, schema: S, signal?: AbortSignal) =>
      write(schema, (client) => client.post(apiPath(method), { json: body ?? {}, signal })),
    /** DELETE any address with query parameters, e.g. DELETE /api/consignee/?id= */
    deleteUrl: <S extends z.ZodMiniType>(url: string, query: Record<string, string | number>, schema: S, signal?: AbortSignal) =>
      write(schema, (client) => client.delete(path(url), { searchParams: query, signal })),
    /** POST /api/{method}/ that only reads, such as the catalogue's filter: the boot answers stay */
    lookup: <S extends z.ZodMiniType>(method: string, body: unknown, schema: S, signal?: AbortSignal) =>
      send(schema, (client) => client.post(apiPath(method), { json: body ?? {}, signal })),
    /** POST /api/{method}/ with a form body: multipart for FormData (a file upload), URL-encoded for URLSearchParams */
    postForm: <S extends z.ZodMiniType>(method: string, body: FormData | URLSearchParams, schema: S, signal?: AbortSignal) =>
      write(schema, (client) => client.post(apiPath(method), { body, signal })),
    /** resolves once no call is under way (its answer parsed and handed on), or after `timeout` ms */
    whenQuiet: calls.whenQuiet,
    /** what a 401 calls (the session signs out): an answer that comes another way (the upload's XMLHttpRequest) calls it too */
    onUnauthorized: options.onUnauthorized,
    /** the bulk form: posts an array of items and answers an array */
    bulk: <S extends z.ZodMiniType>(method: string, items: unknown[], itemSchema: S, signal?: AbortSignal) =>
      write(z.array(itemSchema), (client) => client.post(apiPath(method), { json: items, signal })),
  }
}

export type Http = ReturnType<typeof createHttp>

const NOT_MODIFIED = 304
/** addresses whose last answers are kept: the polled screens are a few */
const LAST_ANSWERS_KEPT = 20

/** The last answer with an ETag of each address, parsed; the least recently asked goes first. */
function createLastAnswers() {
  const answers = new Map<string, { etag: string; data: unknown }>()
  return {
    get(address: string) {
      const answer = answers.get(address)
      if (answer) {
        answers.delete(address)
        answers.set(address, answer)
      }
      return answer
    },
    set(address: string, answer: { etag: string; data: unknown }) {
      answers.delete(address)
      answers.set(address, answer)
      if (answers.size > LAST_ANSWERS_KEPT) answers.delete(answers.keys().next().value!)
    },
  }
}

/** The calls under way, and who waits for there to be none. */
function createCallCounter() {
  let underWay = 0
  const waiting: (() => void)[] = []
  return {
    async track<T>(call: () => Promise<T>): Promise<T> {
      underWay += 1
      try {
        return await call()
      } finally {
        underWay -= 1
        if (underWay === 0) for (const resolve of waiting.splice(0)) resolve()
      }
    },
    whenQuiet: (timeout: number): Promise<void> =>
      underWay === 0
        ? Promise.resolve()
        : new Promise((resolve) => {
            waiting.push(resolve)
            setTimeout(resolve, timeout)
          }),
  }
}

function parseAnswer<S extends z.ZodMiniType>(schema: S, json: unknown, status: number): z.output<S> {
  const parsed = schema.safeParse(json)
  if (!parsed.success) throw new ApiCallError(UNEXPECTED_ANSWER_MESSAGE, status, json)
  return parsed.data
}

function apiPath(method: string, id?: string | number): string {
  const name = encodeURIComponent(method)
  return id === undefined ? `api/${name}/` : `api/${name}/${encodeURIComponent(String(id))}/`
}

async function toApiCallError(error: unknown, onUnauthorized?: () => void): Promise<ApiCallError | Error> {
  if (isHttpError(error)) {
    const status = error.response.status
    if (status === 401) onUnauthorized?.()
    let body: unknown
    try {
      body = await error.response.clone().json()
    } catch {
      body = undefined
    }
    const parsed = apiErrorSchema.safeParse(body)
    return new ApiCallError(parsed.success ? parsed.data.message : `Ошибка сервера (${status})`, status, body)
  }
  if (error instanceof Error && error.name === 'AbortError') return error
  return new ApiCallError(NETWORK_ERROR_MESSAGE, 0)
}

/** ky's HTTPError, known by its name: ky itself is not loaded before the first call (no instanceof) */
const isHttpError = (error: unknown): error is HTTPError => error instanceof Error && error.name === 'HTTPError' && 'response' in error
