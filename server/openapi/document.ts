import { apiErrorSchema } from '../../src/contract/common'
import { SESSION_COOKIE } from '../auth/sessions'
import { COMPANY_OPERATIONS } from './company-operations'
import { jsonSchemaOf, type SharedSchemas } from './json-schema'
import type { Operation } from './operation'
import { ORDERING_OPERATIONS } from './ordering-operations'
import { PROBE_OPERATIONS } from './probe-operations'
import { REFERENCE_OPERATIONS } from './reference-operations'

/** Every documented call of the API. */
export const OPERATIONS: readonly Operation[] = [...ORDERING_OPERATIONS, ...COMPANY_OPERATIONS, ...PROBE_OPERATIONS, ...REFERENCE_OPERATIONS]

const ERROR_MEANINGS: Record<number, string> = {
  400: 'Некорректный запрос: сообщение называет поле',
  401: 'Нет сессии: войдите в кабинет',
  403: 'Нет доступа: чужая компания, закрытый раздел или не та роль',
  404: 'Не найдено (или не видно этому пользователю)',
  409: 'Конфликт с текущим состоянием',
  413: 'Слишком большой запрос',
  415: 'Неподдерживаемый формат файла',
  429: 'Слишком много попыток',
  503: 'Сервер не готов принимать запросы',
}

const API_ERROR_REF = { $ref: '#/components/schemas/ApiError' }

/** `/api/order/:id/` → `/api/order/{id}/`, and the names of its path parameters. */
function openApiPath(path: string): { path: string; names: string[] } {
  const names = [...path.matchAll(/:(\w+)/g)].map((match) => match[1] ?? '')
  return { path: path.replace(/:(\w+)/g, '{$1}'), names }
}

/** `GET /api/order/:id/` → `get_api_order_id` */
const operationIdOf = (operation: Pick<Operation, 'method' | 'path'>) =>
  `${operation.method.toLowerCase()}${operation.path.replace(/[^A-Za-z0-9]+/g, '_').replace(/_$/, '')}`

function parametersOf(operation: Operation, names: string[], id: string, shared: SharedSchemas) {
  const inPath = names.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } }))
  if (!operation.query) return inPath
  const query = jsonSchemaOf(operation.query, 'input', `${id}.query`, shared)
  const required = new Set((query.required as string[] | undefined) ?? [])
  const properties = (query.properties ?? {}) as Record<string, unknown>
  return [...inPath, ...Object.entries(properties).map(([name, schema]) => ({ name, in: 'query', required: required.has(name), schema }))]
}

function requestBodyOf(operation: Operation, id: string, shared: SharedSchemas) {
  if (operation.bodyType)
    return { required: true, content: { [operation.bodyType]: { schema: { type: 'object', description: 'Поля формы и файл `file`' } } } }
  if (!operation.body) return undefined
  return { content: { 'application/json': { schema: jsonSchemaOf(operation.body, 'input', `${id}.body`, shared) } } }
}

function successOf(operation: Operation, id: string, shared: SharedSchemas) {
  if (operation.answerType)
    return { description: 'Файл', content: { [operation.answerType]: { schema: { type: 'string', contentMediaType: operation.answerType } } } }
  if (!operation.answer) return { description: operation.answerNote ?? 'Ответ', content: { 'application/json': { schema: {} } } }
  return { description: 'Ответ', content: { 'application/json': { schema: jsonSchemaOf(operation.answer, 'output', `${id}.answer`, shared) } } }
}

function errorsOf(operation: Operation, names: string[], id: string, shared: SharedSchemas) {
  const statuses = new Set([400, ...(operation.isPublic ? [] : [401, 403]), ...(names.length > 0 ? [404] : []), ...(operation.errors ?? [])])
  const errorSchema = operation.errorBody ? jsonSchemaOf(operation.errorBody, 'output', `${id}.error`, shared) : API_ERROR_REF
  const conflict = operation.conflict ? jsonSchemaOf(operation.conflict, 'output', `${id}.conflict`, shared) : undefined
  return Object.fromEntries(
    [...statuses]
      .sort()
      .map((status) => [
        String(status),
        { description: ERROR_MEANINGS[status], content: { 'application/json': { schema: status === 409 && conflict ? conflict : errorSchema } } },
      ]),
  )
}

/** The OpenAPI 3.1 document of the cabinet's API, from the contract's zod schemas. */
export function buildOpenApiDocument(): Record<string, unknown> {
  const shared: SharedSchemas = { ApiError: jsonSchemaOf(apiErrorSchema, 'output', 'ApiError', {}) }
  const paths: Record<string, Record<string, unknown>> = {}
  for (const operation of OPERATIONS) {
    const { path, names } = openApiPath(operation.path)
    const id = operationIdOf(operation)
    const requestBody = requestBodyOf(operation, id, shared)
    paths[path] = {
      ...paths[path],
      [operation.method.toLowerCase()]: {
        operationId: id,
        tags: [operation.tag],
        summary: operation.summary,
        ...(operation.isPublic ? { security: [] } : {}),
        parameters: parametersOf(operation, names, id, shared),
        ...(requestBody ? { requestBody } : {}),
        responses: { '200': successOf(operation, id, shared), ...errorsOf(operation, names, id, shared) },
      },
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Кабинет дилера: API',
      version: '1',
      description:
        'Вызовы кабинета. Ответы с ошибкой несут `message` на русском. Вызовы с сессией берут её из cookie; изменяющие вызовы принимаются только со своего источника (Origin).',
    },
    tags: [...new Set(OPERATIONS.map((operation) => operation.tag))].map((name) => ({ name })),
    security: [{ sessionCookie: [] }],
    paths,
    components: { schemas: shared, securitySchemes: { sessionCookie: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE } } },
  }
}
