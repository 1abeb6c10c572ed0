import { z } from 'zod'

/** Every 4xx/5xx answer of the cabinet API carries a Russian message for the user. */
export const apiErrorSchema = z.object({ message: z.string() })
export type ApiError = z.infer<typeof apiErrorSchema>

/** Contract and catalogue ids travel as strings on the wire (spec §9: contract '0', catalogue '27'). */
export const wireId = z.union([z.string(), z.number()]).transform((v) => String(v))

export const okSchema = z.object({ ok: z.literal(true) })
