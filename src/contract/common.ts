import * as z from 'zod/mini'

/**
 * `schema` whose output goes through `fn` (classic zod's `schema.transform(fn)`); zod/mini's
 * `z.transform` alone cannot infer `fn`'s argument from the schema.
 */
export const transformed = <S extends z.ZodMiniType, T>(schema: S, fn: (value: z.output<S>) => T) => z.pipe(schema, z.transform(fn))

/** Every 4xx/5xx answer of the cabinet API carries a Russian message for the user. */
export const apiErrorSchema = z.object({ message: z.string() })

export const okSchema = z.object({ ok: z.literal(true) })
