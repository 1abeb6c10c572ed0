import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { bootPageOf, sendBootPage, type BootPage } from './boot-page'
import { framedPageOf, type FramedKind } from './framed-page'

export const NOT_BUILT_MESSAGE = 'Интерфейс не собран: выполните npm run build'

/** Addresses that belong to the server even when a browser asks for HTML. */
const SERVER_ADDRESS = /^\/(?:api|rest|ajax|search|pictures|atlas|registration\/captcha)(?:[/?]|$)/

/** A page's address names no file: its last segment has no extension (/cabinet/orders/, /cart, /registration/form). */
const isPageAddress = (url: string) => !/\.[^/]*$/.test(url.split('?')[0] ?? '')

/**
 * A GET of a page address gets the page whatever it accepts (curl asks for any type); another
 * address (a file that is not there) only when the request asks for HTML.
 */
const wantsSpaPage = (request: FastifyRequest) =>
  (request.method === 'GET' || request.method === 'HEAD') &&
  !SERVER_ADDRESS.test(request.url) &&
  (isPageAddress(request.url) || (request.headers.accept ?? '').includes('text/html'))

const notBuiltPage = `<!doctype html><html lang="ru"><meta charset="utf-8"><title>Кабинет дилера</title><p>${NOT_BUILT_MESSAGE}</p></html>`

/** The HTML of each built page by the folder that holds its index.html. */
type BuiltPages = ReadonlyMap<string, string>

/**
 * The built pages: '' for the root, 'cabinet/orders' for the orders screen's own page, which also
 * preloads that screen (scripts/route-pages.ts); undefined when the SPA is not built. Read once at
 * start: the routes serve them and the security headers hash their inline blocks.
 */
function readBuiltPages(root: string): BuiltPages | undefined {
  if (!existsSync(join(root, 'index.html'))) return undefined
  const folders = readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name === 'index.html')
    .map((entry) => relative(root, entry.parentPath).split(sep).join('/'))
    .filter((folder) => !folder.split('/').some((part) => part.startsWith('.') || part === 'assets'))
  return new Map(folders.map((folder) => [folder, readFileSync(join(root, pageFile(folder)), 'utf8')]))
}

const pageFile = (folder: string) => (folder ? `${folder}/index.html` : 'index.html')

/**
 * What the server draws into a folder's page: the signed-in frame into a screen's inside it (to a
 * signed-in visitor; the orders' with their first page), the login page into the login's (to a
 * signed-out one).
 */
const drawnInto = (folder: string): FramedKind | undefined => {
  if (folder === 'login') return 'login'
  if (folder === 'cabinet/orders') return 'orders'
  return folder === 'cart' || folder === 'cabinet' || folder.startsWith('cabinet/') ? 'frame' : undefined
}

/** A stylesheet of the build by its address in a page ('/assets/app-x.css'). */
const stylesheetIn = (root: string) => (href: string) => {
  const file = join(root, href)
  return href.startsWith('/assets/') && existsSync(file) ? readFileSync(file, 'utf8') : undefined
}

/**
 * The pages that take boot answers (their head names their boot calls), by file; a frame screen's
 * also as it goes out with the server's frame (framed-page.ts).
 */
function bootPages(pages: BuiltPages, root: string): Map<string, BootPage> {
  const found = new Map<string, BootPage>()
  for (const [folder, html] of pages) {
    const page = bootPageOf(html)
    const kind = drawnInto(folder)
    const framed = page && kind ? framedPageOf(html, kind, stylesheetIn(root)) : undefined
    if (page) found.set(pageFile(folder), framed ? { ...page, framed } : page)
  }
  return found
}

/** The built pages, and those that take boot answers as the server sends them. */
export interface SpaPages {
  files: BuiltPages
  boot: ReadonlyMap<string, BootPage>
}

export function readSpaPages(root: string): SpaPages | undefined {
  const files = readBuiltPages(root)
  return files && { files, boot: bootPages(files, root) }
}

/** Every page as it can go out, the framed ones included: the security headers hash their inline blocks. */
export const pageVariants = ({ files, boot }: SpaPages): string[] => [
  ...files.values(),
  ...[...boot.values()].flatMap(({ framed }) => (framed ? [`${framed.before}${framed.after}${framed.tail}`] : [])),
]

/** The page of the deepest folder along the address: /cabinet/brand/12/ gets cabinet/brand/index.html. */
function nearestPage(pages: BuiltPages, url: string): string {
  const parts = (url.split('?')[0] ?? '').split('/').filter(Boolean)
  for (let depth = parts.length; depth > 0; depth--) {
    const folder = parts.slice(0, depth).join('/')
    if (pages.has(folder)) return pageFile(folder)
  }
  return 'index.html'
}

function answerNotFound(request: FastifyRequest, reply: FastifyReply) {
  const path = request.url.split('?')[0]
  const message = path?.startsWith('/api/') ? `Неизвестный метод API: ${request.method} ${path}` : 'Адрес не найден'
  return reply.code(404).send({ message })
}

/**
 * Serves the built SPA (dist/client). Every page address no route claims answers index.html, or
 * the nearest screen page along it, so the SPA's router takes over (history fallback for /login/,
 * /cabinet/..., /cart/ ...); anything else unknown is a 404 with a message. A page built to take
 * boot answers gets the answers of its start's GET calls written in (boot-page.ts).
 */
export async function registerStaticSpaRoutes(app: FastifyInstance, root: string, spa: SpaPages | undefined): Promise<void> {
  const pages = spa?.files
  const withBootAnswers = spa?.boot ?? new Map<string, BootPage>()
  if (pages) {
    await app.register(fastifyStatic, {
      serve: true,
      root,
      // folder addresses (pages) go to the fallback below, which asks for HTML and picks the screen's page
      allowedPath: (pathname) => !pathname.endsWith('/'),
      cacheControl: false,
      // the build writes file.br and file.gz beside each text file (scripts/precompress.ts)
      preCompressed: true,
      // Vite puts a content hash into every asset name, so assets never change under a name
      setHeaders: (response, path) => {
        response.setHeader('cache-control', /[/\\]assets[/\\]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache')
        response.setHeader('vary', 'accept-encoding')
      },
    })
  }

  app.setNotFoundHandler(async (request, reply) => {
    if (!wantsSpaPage(request)) return answerNotFound(request, reply)
    if (!pages) return reply.code(503).type('text/html; charset=utf-8').send(notBuiltPage)
    const file = nearestPage(pages, request.url)
    const bootPage = withBootAnswers.get(file)
    if (bootPage && request.method === 'GET') return sendBootPage(app, request, reply, bootPage)
    return reply.header('cache-control', 'no-cache').sendFile(file)
  })
}
