import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { extname, join } from 'node:path'
import type { FastifyInstance, FastifyReply } from 'fastify'
import type { AppDeps } from '../deps'
import { contentSecurityPolicy } from '../security-headers'

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.csv': 'text/csv; charset=utf-8',
}

/**
 * Mermaid writes each diagram as an SVG holding its own `<style>` and style attributes, so the
 * atlas's pages take inline styles; scripts still come only from the atlas's own files.
 */
const ATLAS_POLICY = contentSecurityPolicy({ scripts: [], styles: ["'unsafe-inline'"] })

/**
 * The workflow atlas (reports/atlas, built by npm run atlas) at /atlas/ for analysts and QA, when
 * the configuration turns it on (AppConfig.atlasDir); off, /atlas/ is an unknown address (404).
 * The site is flat: only the files directly in the folder are served, read at each request.
 */
export function registerAtlasRoutes(app: FastifyInstance, deps: AppDeps): void {
  const root = deps.config.atlasDir
  if (!root) return
  const send = (reply: FastifyReply, name: string) => {
    const type = existsSync(root) && readdirSync(root).includes(name) && CONTENT_TYPES[extname(name)]
    if (!type) return reply.code(404).send({ message: 'Адрес не найден' })
    return reply
      .type(type)
      .header('cache-control', 'no-cache')
      .header('content-security-policy', ATLAS_POLICY)
      .send(readFileSync(join(root, name)))
  }
  // the router ignores a trailing slash: /atlas and /atlas/ both come here; the pages' relative links need the slash
  app.get('/atlas', async (request, reply) => (request.url.split('?')[0]!.endsWith('/') ? send(reply, 'index.html') : reply.redirect('/atlas/')))
  app.get<{ Params: { '*': string } }>('/atlas/*', async (request, reply) => send(reply, request.params['*']))
}
