import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify'
import cookie from '@fastify/cookie'
import formbody from '@fastify/formbody'
import compress from '@fastify/compress'
import { COMPRESSION } from './compression'
import type { AppConfig } from './config'
import type { AppDeps } from './deps'
import { csrfGuard } from './auth/csrf'
import { closeDisabledSections } from './auth/section-access'
import { BAD_REQUEST, HttpError, errorBodyFor } from './validation'
import { registerAuthRoutes } from './routes/auth'
import { registerRegistrationRoutes } from './routes/registration'
import { registerReminderRoutes } from './routes/reminder'
import { registerAccountRoutes } from './routes/account'
import { registerInitDataRoutes } from './routes/initdata'
import { registerPictureRoutes } from './routes/pictures'
import { registerAtlasRoutes } from './routes/atlas'
import { pageVariants, readSpaPages, registerStaticSpaRoutes } from './routes/static-spa'
import { addSecurityHeaders, contentSecurityPolicy, inlineSourcesOf } from './security-headers'
import { registerCatalogueRoutes } from './routes/catalogue'
import { registerProductRoutes } from './routes/product'
import { registerWishNeedRoutes } from './routes/wish-need'
import { registerBasketRoutes } from './routes/basket'
import { registerDeliveryRoutes } from './routes/delivery'
import { registerOrderRoutes } from './routes/orders'
import { registerSearchRoutes } from './routes/search'
import { registerPricelistRoutes } from './routes/pricelist'
import { registerDraftRoutes } from './routes/drafts'
import { registerActRoutes } from './routes/acts'
import { registerAddressRoutes } from './routes/addresses'
import { registerInboxRoutes } from './routes/inbox'
import { registerFavoritesNeedsRoutes } from './routes/favorites-needs'
import { registerPurchasedGoodsRoutes } from './routes/purchased-goods'
import { registerContragentRoutes } from './routes/contragents'
import { registerConsigneeRoutes } from './routes/consignees'
import { registerManagerRoutes } from './routes/managers'
import { registerPricePolicyRoutes } from './routes/price-policies'
import { registerExporterRoutes } from './routes/exporter'
import { registerGenericResourceRoutes, rewriteRestAlias } from './routes/generic-resource'
import { registerCallbackRoutes } from './routes/callback'
import { registerComplaintRoutes } from './routes/complaints'
import { registerProblemReportRoutes } from './routes/problem-reports'
import { registerHealthRoutes } from './routes/health'
import { registerMetricsRoutes } from './routes/metrics'
import { observeRequestDurations } from './ops/metrics'
import { REQUEST_ID_HEADER, answerRequestId, loggerOptions, requestIdOf } from './ops/request-log'
import { registerApiDocsRoutes } from './routes/api-docs'

export interface BuildAppOptions {
  /** pino level for the request log; off unless given */
  logLevel?: string
  /** where the log lines go (stdout unless given): tests read them */
  logStream?: { write: (line: string) => void }
}

const BODY_LIMIT_BYTES = 1024 * 1024

const INTERNAL_ERROR = 'Внутренняя ошибка сервера. Повторите попытку позже.'

/** Russian messages for the errors Fastify raises before a handler runs (body parsing, routing). */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: `${BAD_REQUEST}: тело запроса не является корректным JSON`,
  FST_ERR_CTP_EMPTY_JSON_BODY: `${BAD_REQUEST}: пустое тело при типе application/json`,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Неподдерживаемый тип содержимого запроса',
  FST_ERR_CTP_BODY_TOO_LARGE: 'Слишком большой запрос: не более 1 МБ',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: `${BAD_REQUEST}: длина тела не совпадает с заголовком Content-Length`,
  FST_ERR_BAD_URL: `${BAD_REQUEST}: неверный адрес`,
}

/** The answer's stream broke because the client closed its connection: nobody is left to answer. */
const isClientGone = (error: FastifyError, request: FastifyRequest, reply: FastifyReply) =>
  error.code === 'ERR_STREAM_PREMATURE_CLOSE' && (reply.raw.destroyed || request.raw.socket.destroyed)

/** nginx's code for a request whose client left before the answer; it shows only in the request log. */
const CLIENT_CLOSED_REQUEST = 499

function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (isClientGone(error, request, reply)) {
    // a client leaving mid-answer (a new filter click aborts the last one) is no server error
    request.log.info('the client left before the answer was sent')
    return reply.code(CLIENT_CLOSED_REQUEST).send()
  }
  if (error instanceof HttpError) {
    return reply.code(error.statusCode).send(errorBodyFor(request, error.message))
  }
  const status = error.statusCode ?? 500
  if (status >= 400 && status < 500) {
    const message = FRAMEWORK_MESSAGES[error.code] ?? BAD_REQUEST
    return reply.code(status).send(errorBodyFor(request, message))
  }
  request.log.error({ err: error }, 'unhandled error')
  return reply.code(500).send(errorBodyFor(request, INTERNAL_ERROR))
}

/** A number of trusted hops becomes the function Fastify's types accept for it. */
function trustProxyOption(trust: AppConfig['trustProxy']) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust
}

/** Every route of the server's own: the API, pictures, captcha, search, the REST aliases. */
function registerServerRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerAuthRoutes(app, deps)
  registerRegistrationRoutes(app, deps)
  registerReminderRoutes(app, deps)
  registerAccountRoutes(app, deps)
  registerInitDataRoutes(app, deps)
  registerPictureRoutes(app, deps)
  registerCatalogueRoutes(app, deps)
  registerProductRoutes(app, deps)
  registerWishNeedRoutes(app, deps)
  registerBasketRoutes(app, deps)
  registerDeliveryRoutes(app, deps)
  registerOrderRoutes(app, deps)
  registerSearchRoutes(app, deps)
  registerPricelistRoutes(app, deps)
  registerDraftRoutes(app, deps)
  registerActRoutes(app, deps)
  registerFavoritesNeedsRoutes(app, deps)
  registerPurchasedGoodsRoutes(app, deps)
  registerContragentRoutes(app, deps)
  registerAddressRoutes(app, deps)
  registerConsigneeRoutes(app, deps)
  registerManagerRoutes(app, deps)
  registerPricePolicyRoutes(app, deps)
  registerInboxRoutes(app, deps)
  registerExporterRoutes(app, deps)
  registerGenericResourceRoutes(app)
  registerCallbackRoutes(app, deps)
  registerComplaintRoutes(app, deps)
  registerProblemReportRoutes(app, deps)
  registerHealthRoutes(app, deps)
  registerMetricsRoutes(app, deps)
  registerApiDocsRoutes(app)
}

export async function buildApp(deps: AppDeps, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logLevel ? loggerOptions(options.logLevel, options.logStream) : false,
    genReqId: requestIdOf,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: trustProxyOption(deps.config.trustProxy),
    routerOptions: { ignoreTrailingSlash: true },
    rewriteUrl: rewriteRestAlias,
    frameworkErrors: (error, request, reply) => void handleError(error, request, reply.header(REQUEST_ID_HEADER, request.id)),
  })
  app.decorateRequest('user', null)
  app.setErrorHandler(handleError)
  app.addHook('onRequest', answerRequestId)
  observeRequestDurations(app)
  app.addHook('onRequest', csrfGuard)
  const pages = readSpaPages(deps.config.clientDir)
  addSecurityHeaders(app, contentSecurityPolicy(inlineSourcesOf(pages ? pageVariants(pages) : [])))
  // before any route: it adds the section check (issue 11, disabledMenus) to the routes it names
  closeDisabledSections(app)
  await app.register(cookie)
  await app.register(formbody)
  // the server's own answers are compressed as they go; the SPA's files come compressed from the build
  await app.register(async (server) => {
    await server.register(compress, COMPRESSION)
    registerServerRoutes(server, deps)
  })
  registerAtlasRoutes(app, deps)
  // last: it answers every address no other route claims
  await registerStaticSpaRoutes(app, deps.config.clientDir, pages)
  return app
}
