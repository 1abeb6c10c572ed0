import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify'
import { AUTH_MESSAGES } from '../../src/contract/auth'
import { HttpError } from '../validation'

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/**
 * A browser names the page that sent a request in Origin (or Referer); a state-changing request
 * from another site is refused. Requests naming no source (curl, server tests) pass: a browser
 * always names one on a cross-site POST, so they cannot be forged from a page.
 */
function isCrossSiteRequest(request: FastifyRequest): boolean {
  if (request.headers['sec-fetch-site'] === 'cross-site') return true
  const source = request.headers.origin ?? request.headers.referer
  if (!source) return false
  try {
    const sourceUrl = new URL(source)
    // parsed with the source's scheme so that default ports compare equal
    const ownHost = new URL(`${sourceUrl.protocol}//${request.host}`).host
    return sourceUrl.host !== ownHost
  } catch {
    return true
  }
}

export const csrfGuard: onRequestAsyncHookHandler = async (request) => {
  if (UNSAFE_METHODS.has(request.method) && isCrossSiteRequest(request)) {
    throw new HttpError(403, AUTH_MESSAGES.csrf)
  }
}
