import type { FastifyReply, FastifyRequest } from 'fastify'
import { COMPRESSION } from '../compression'
import type { AnswerEncoding, KeptAnswer } from './answer-cache'

const JSON_TYPE = 'application/json; charset=utf-8'

/**
 * The encoding @fastify/compress would pick for a plain Accept-Encoding (tokens without weights,
 * as browsers send it): br before gzip. Undefined for anything else (weights, `*`, none): the
 * plugin then negotiates and compresses as for any answer.
 */
function plainEncoding(request: FastifyRequest): AnswerEncoding | undefined {
  const header = request.headers['accept-encoding']
  if (!header || /[;*]/.test(header) || request.headers['x-no-compression'] !== undefined) return undefined
  const tokens = header
    .toLowerCase()
    .split(',')
    .map((token) => token.trim())
  if (tokens.includes('br')) return 'br'
  return tokens.includes('gzip') || tokens.includes('x-gzip') ? 'gzip' : undefined
}

/**
 * A kept answer as JSON, or compressed as the plugin would compress it (Content-Encoding, Vary)
 * but once per answer and encoding instead of once per request.
 */
export async function sendKeptAnswer(request: FastifyRequest, reply: FastifyReply, answer: KeptAnswer): Promise<FastifyReply> {
  reply.type(JSON_TYPE)
  const encoding = answer.json.length >= COMPRESSION.threshold ? plainEncoding(request) : undefined
  if (!encoding) return reply.send(answer.json)
  const bytes = await answer.encodedAs(encoding)
  return reply.header('vary', 'accept-encoding').header('content-encoding', encoding).send(bytes)
}
