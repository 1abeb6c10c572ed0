import { existsSync } from 'node:fs'
import { join } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { AppDeps } from '../deps'

export const NOT_BUILT_MESSAGE = 'Интерфейс не собран: выполните npm run build'

/** Addresses that belong to the server even when a browser asks for HTML. */
const SERVER_ADDRESS = /^\/(?:api|rest|ajax|search|pictures|registration\/captcha)(?:[/?]|$)/

const wantsSpaPage = (request: FastifyRequest) =>
  (request.method === 'GET' || request.method === 'HEAD') &&
  (request.headers.accept ?? '').includes('text/html') &&
  !SERVER_ADDRESS.test(request.url)

const notBuiltPage = `<!doctype html><html lang="ru"><meta charset="utf-8"><title>Кабинет дилера</title><p>${NOT_BUILT_MESSAGE}</p></html>`

function answerNotFound(request: FastifyRequest, reply: FastifyReply) {
  const path = request.url.split('?')[0]
  const message = path?.startsWith('/api/') ? `Неизвестный метод API: ${request.method} ${path}` : 'Адрес не найден'
  return reply.code(404).send({ message })
}

/**
 * Serves the built SPA (dist/client). Every page address no route claims answers index.html, so
 * the SPA's router takes over (history fallback for /login/, /cabinet/..., /cart/ ...); anything
 * else unknown is a 404 with a message.
 */
export async function registerStaticSpaRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const root = deps.config.clientDir
  const built = existsSync(join(root, 'index.html'))
  if (built) {
    await app.register(fastifyStatic, {
      serve: true,
      root,
      cacheControl: false,
      // Vite puts a content hash into every asset name, so assets never change under a name
      setHeaders: (response, path) => {
        response.setHeader('cache-control', /[/\\]assets[/\\]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache')
      },
    })
  }

  app.setNotFoundHandler(async (request, reply) => {
    if (!wantsSpaPage(request)) return answerNotFound(request, reply)
    if (!built) return reply.code(503).type('text/html; charset=utf-8').send(notBuiltPage)
    return reply.header('cache-control', 'no-cache').sendFile('index.html')
  })
}
