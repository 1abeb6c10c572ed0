import { readFileSync } from 'node:fs'
import type { FastifyInstance } from 'fastify'
import { buildOpenApiDocument } from '../openapi/document'
import { OPENAPI_DOCUMENT_URL } from '../openapi/reference-operations'

const PAGE_FILES: Record<string, string> = {
  'api-docs.js': 'text/javascript; charset=utf-8',
  'api-docs.css': 'text/css; charset=utf-8',
}

const pageFile = (name: string) => readFileSync(new URL(`../openapi/page/${name}`, import.meta.url))

/**
 * The API reference, public as the SPA's own scripts are (they carry the same contract; no
 * company data is in it): GET /api/openapi.json, the OpenAPI 3.1 document, and /api/docs/, the
 * page that shows it (its script and styles are files of its own, under the usual CSP, in no
 * bundle of the cabinet). The page's «Выполнить» calls need the visitor's session as any call does.
 */
export function registerApiDocsRoutes(app: FastifyInstance): void {
  const document = JSON.stringify(buildOpenApiDocument())
  const page = pageFile('api-docs.html')
  app.get(OPENAPI_DOCUMENT_URL, async (_request, reply) => reply.type('application/json; charset=utf-8').send(document))
  app.get('/api/docs/', async (_request, reply) => reply.type('text/html; charset=utf-8').send(page))
  for (const [name, type] of Object.entries(PAGE_FILES)) {
    const body = pageFile(name)
    app.get(`/api/docs/${name}`, async (_request, reply) => reply.type(type).send(body))
  }
}
