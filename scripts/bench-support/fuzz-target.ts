/** What a fuzz target is: a write route that takes input, and a good request for it (scripts/bench-support/fuzz-targets.ts). */
import * as z from 'zod/mini'

export type WriteMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/** A row id in a route's address: the signed-in company's own row, and one of the other demo company's. */
export interface RowIds {
  own: string
  foreign: string
}

export interface Target {
  /** POST unless said */
  method?: WriteMethod
  /** the route's address; a `:id` in it stands for `ids.own`, or for a spoiled id in the id fuzzing */
  url: string
  ids?: RowIds
  schema: z.ZodMiniType
  /** a body the schema accepts, mutated into ones it does not */
  valid: Record<string, unknown>
  signedIn: boolean
  /** the call takes an array of such items (the bulk form): mutated bodies are sent inside one */
  asArray?: boolean
  /** the body over the size limit, when padding alone would not do (a route with its own larger limit) */
  oversized?: Record<string, unknown>
  /** the fields that take a user's text (dotted paths into the body): a control character in one is refused */
  texts?: readonly string[]
  /** bodies the schema accepts that name another company's rows: refused all the same, nothing written */
  foreign?: readonly Record<string, unknown>[]
}

/** A write route whose only input is an id in its address (a removal): only spoiled and other companies' ids are sent to it. */
export interface IdTarget {
  method: WriteMethod
  /** the address with `:id` where the id goes (in the path or the query) */
  url: string
  /** a row of the other demo company */
  foreign: string
}

/** The target's address with the id put in (its own row's unless another is given). */
export const addressOf = (target: { url: string; ids?: RowIds }, id = target.ids?.own) => (id === undefined ? target.url : target.url.replace(':id', id))

/** A schema for a call that reads an absent (or JSON null) body as {}: the filter and search calls answer the default page, the exporter's polls the session's company. */
export const orDefaults = (schema: z.ZodMiniType) =>
  z.pipe(
    z.transform((value: unknown): unknown => value ?? {}),
    schema,
  )
