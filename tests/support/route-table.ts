import type { FastifyInstance } from 'fastify'

const noSlash = (url: string) => (url.length > 1 ? url.replace(/\/$/, '') : url)

/** 'METHOD /path' with no trailing slash: how the route tests compare calls. */
export const callKey = (method: string, url: string) => `${method} ${noSlash(url)}`

/** Every route of the app as 'METHOD /path' (HEAD left out), read from Fastify's route tree (children print their path's rest). */
export function registeredCalls(app: FastifyInstance): string[] {
  const calls: string[] = []
  const stack: string[] = []
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]*)\))?/.exec(line)
    if (!match) continue
    const depth = (match[1] ?? '').length / 4
    stack.length = depth
    const path = `${stack[depth - 1] ?? ''}${match[2]}`
    stack.push(path)
    for (const method of (match[3] ?? '').split(', ').filter((m) => m && m !== 'HEAD')) calls.push(callKey(method, path))
  }
  return calls
}
