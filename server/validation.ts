import type { FastifyRequest } from 'fastify'
import * as z from 'zod/mini'

// zod's own messages (missing field, wrong type ...) reach the user, so they speak Russian
z.config(z.locales.ru())

declare module 'fastify' {
  interface FastifyContextConfig {
    /** the shape of this route's error answers when it is not the usual `{ message }` */
    errorBody?: (message: string) => Record<string, unknown>
  }
}

/** An answer other than 2xx with a Russian message; the app's error handler sends it. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message)
    this.name = 'HttpError'
  }
}

export const BAD_REQUEST = 'Некорректный запрос'

type Issue = z.core.$ZodIssue
export type DescribeIssue = (issue: Issue) => string

export const describeIssue: DescribeIssue = (issue) => {
  const field = issue.path.length > 0 ? `поле «${issue.path.join('.')}»: ` : ''
  return `${BAD_REQUEST}: ${field}${issue.message}`
}

/** Parses a value with a contract schema; a failure is a 400 carrying the first issue's message. */
export function parseInput<S extends z.ZodMiniType>(schema: S, value: unknown, describe: DescribeIssue = describeIssue): z.output<S> {
  const result = schema.safeParse(value)
  if (result.success) return result.data
  const [first] = result.error.issues
  throw new HttpError(400, first ? describe(first) : BAD_REQUEST)
}

export const parseBody = <S extends z.ZodMiniType>(schema: S, request: FastifyRequest, describe?: DescribeIssue) => parseInput(schema, request.body, describe)

export const parseQuery = <S extends z.ZodMiniType>(schema: S, request: FastifyRequest, describe?: DescribeIssue) =>
  parseInput(schema, request.query, describe)

export const parseParams = <S extends z.ZodMiniType>(schema: S, request: FastifyRequest, describe?: DescribeIssue) =>
  parseInput(schema, request.params, describe)

/** The error answer of the request's route: `{ message }` unless the route names another shape. */
export function errorBodyFor(request: FastifyRequest, message: string): Record<string, unknown> {
  const shape = request.routeOptions.config?.errorBody
  return shape ? shape(message) : { message }
}
