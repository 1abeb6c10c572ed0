import { describe, expect, it } from 'vitest'
import { addressOf, REMOVAL_TARGETS, TARGETS, UPLOAD_TARGETS } from '../../scripts/bench-support/fuzz-targets'
import { rewriteRestAlias } from '../../server/routes/generic-resource'
import { callKey, registeredCalls } from '../support/route-table'
import { signedInServer } from '../support/signed-in-server'

const server = signedInServer()

/**
 * Write routes ('METHOD /path' as registered) that have no fuzz target, each with the reason it
 * cannot have one. None today: every write route has a target (the generic resource's POSTs
 * through /api/drafts/1/ and /rest/noSuchResource/).
 */
const NOT_FUZZED = new Map<string, string>()

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/** The registered route a call reaches: of the patterns that match its path, the one with the fewest parameters (as the router picks). */
function routeOf(calls: readonly string[], method: string, url: string): string | undefined {
  const path = rewriteRestAlias({ url }).split('?')[0]!
  const key = callKey(method, path)
  const matching = calls.filter((call) => {
    const pattern = call
      .replace(/:[^/]+/g, '[^/]+')
      .replace(/[.]/g, '\\.')
      .replace(/\*/g, '.*')
    return new RegExp(`^${pattern}$`).test(key)
  })
  return matching.sort((a, b) => a.split(':').length - b.split(':').length)[0]
}

describe('every write route has a fuzz target', () => {
  it('lists a target (or a named reason) for each registered POST, PUT, PATCH and DELETE', () => {
    const writes = registeredCalls(server.fixture.app).filter((call) => WRITE_METHODS.has(call.split(' ')[0]!))
    const sent = [
      ...TARGETS.map((target) => ({ method: target.method ?? 'POST', url: addressOf(target) })),
      ...REMOVAL_TARGETS.map((target) => ({ method: target.method, url: addressOf(target, target.foreign) })),
      ...UPLOAD_TARGETS.map((target) => ({ method: 'POST', url: target.url })),
    ]
    const covered = new Set(sent.map(({ method, url }) => routeOf(writes, method, url)))
    const missing = writes.filter((call) => !covered.has(call) && !NOT_FUZZED.has(call))
    expect(missing).toEqual([])
    // an exclusion names a route that exists and is not fuzzed after all
    for (const call of NOT_FUZZED.keys()) {
      expect(writes, call).toContain(call)
      expect(covered.has(call), call).toBe(false)
    }
  })
})
