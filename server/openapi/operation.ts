import type * as z from 'zod/mini'

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/** One documented call: what it takes and what it answers, by the contract's schemas. */
export interface Operation {
  method: HttpMethod
  /** the Fastify form, `/api/order/:id/` */
  path: string
  tag: string
  summary: string
  query?: z.ZodMiniType
  body?: z.ZodMiniType
  /** the body's media type when it is no JSON (an upload) */
  bodyType?: 'multipart/form-data'
  /** the 200 answer's JSON schema; left out for a file or when no contract schema describes it */
  answer?: z.ZodMiniType
  /** the 200 answer's media type when it is no JSON (a file, a picture, a page) */
  answerType?: string
  /** what the answer is when `answer` does not say it */
  answerNote?: string
  /** error answers besides 400 (and 401/403 for signed-in calls; 404 when the path names an id) */
  errors?: number[]
  /** a 409 answer with more than a message */
  conflict?: z.ZodMiniType
  /** the shape of this call's error answers when it is not `{ message }` */
  errorBody?: z.ZodMiniType
  /** answered without a session */
  isPublic?: boolean
}

type Details = Omit<Operation, 'method' | 'path' | 'tag' | 'summary'>

/** The calls of one tag, written `get('/api/x/', 'summary', {...})`. */
export function operationsOf(tag: string) {
  const make =
    (method: HttpMethod) =>
    (path: string, summary: string, details: Details = {}): Operation => ({ method, path, tag, summary, ...details })
  return { get: make('GET'), post: make('POST'), put: make('PUT'), patch: make('PATCH'), del: make('DELETE') }
}
