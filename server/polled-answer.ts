import { createHash } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { sessionIdOf } from './auth/sessions'

/**
 * The validator of an answer to this session: a hash of the session and the answer, so the same
 * answer to another session (another company, or the same user signed in again) never matches.
 */
const entityTag = (request: FastifyRequest, body: string) =>
  `"${createHash('sha1')
    .update(sessionIdOf(request) ?? '')
    .update('\0')
    .update(body)
    .digest('base64url')}"`

const matches = (ifNoneMatch: string | undefined, tag: string) =>
  ifNoneMatch !== undefined && ifNoneMatch.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === tag)

/**
 * A polled answer (the acts, the orders list, the basket) with its ETag; 304 and no body when the
 * client's If-None-Match names it, so a poll that finds nothing new sends and parses nothing.
 * The API's `Cache-Control: no-store` stays: the cabinet sends If-None-Match itself (src/services/http.ts).
 */
export function sendPolled(request: FastifyRequest, reply: FastifyReply, answer: unknown): FastifyReply {
  const body = JSON.stringify(answer)
  const tag = entityTag(request, body)
  reply.header('etag', tag)
  if (matches(request.headers['if-none-match'], tag)) return reply.code(304).send()
  return reply.type('application/json; charset=utf-8').send(body)
}
