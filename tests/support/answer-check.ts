import type { FastifyInstance } from 'fastify'
import * as z from 'zod/mini'
import { apiErrorSchema } from '../../src/contract/common'
import { OPERATIONS } from '../../server/openapi/document'
import type { Operation } from '../../server/openapi/operation'

const byRoute = new Map(OPERATIONS.map((operation) => [`${operation.method} ${operation.path}`, operation]))

/** The schema the document gives the answer of `status`, or undefined when it documents none to check (a file, a free answer). */
function documentedSchema(operation: Operation, status: number): z.ZodMiniType | undefined {
  if (status === 200) return operation.answer
  if (status === 409 && operation.conflict) return operation.conflict
  return status >= 400 && status < 500 ? (operation.errorBody ?? apiErrorSchema) : undefined
}

const isJson = (type: unknown) => typeof type === 'string' && type.startsWith('application/json')

/**
 * Checks each JSON answer of a documented route against the schema the OpenAPI document gives
 * it (issue 26: the suite holds the document to the answers). Answers the mismatches seen so far,
 * each as 'METHOD /route status: the first issue'; the server fixture fails a test file that has any.
 */
export function checkAnswersAgainstDocument(app: FastifyInstance): () => string[] {
  const mismatches: string[] = []
  app.addHook('onSend', async (request, reply, payload) => {
    const operation = byRoute.get(`${request.method} ${request.routeOptions.url ?? ''}`)
    const schema = operation && documentedSchema(operation, reply.statusCode)
    if (!schema || typeof payload !== 'string' || !isJson(reply.getHeader('content-type'))) return payload
    const result = schema.safeParse(JSON.parse(payload))
    if (!result.success) {
      const [issue] = result.error.issues
      mismatches.push(
        `${request.method} ${operation.path} ${reply.statusCode}: ${issue?.path.join('.') ?? ''} ${issue?.message ?? ''} in ${payload.slice(0, 300)}`,
      )
    }
    return payload
  })
  return () => [...mismatches]
}
