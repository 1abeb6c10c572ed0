import * as z from 'zod/mini'
import { brandRefSchema, filterRequestSchema } from './catalogue'
import { lineText } from './common'

export const SEARCH_MIN_LENGTH = 2
export const AUTOCOMPLETE_LIMIT = 10

export const SEARCH_MESSAGES = {
  tooShort: 'Введите не менее 2 символов',
} as const

/** An absent keyword is too short, not malformed. */
const keyword = z.pipe(z._default(lineText(), ''), z.string().check(z.minLength(SEARCH_MIN_LENGTH, SEARCH_MESSAGES.tooShort), z.maxLength(200)))

/** GET /search/?keyword=&simple=1: autocomplete. */
export const autocompleteQuerySchema = z.object({ keyword, simple: z.optional(lineText()) })

const autocompleteItemSchema = z.object({
  id: z.int(),
  header: z.string(),
  articul: z.string(),
  brand: brandRefSchema,
})
export type AutocompleteItem = z.infer<typeof autocompleteItemSchema>
export const autocompleteResponseSchema = z.object({ products: z.array(autocompleteItemSchema).check(z.maxLength(AUTOCOMPLETE_LIMIT)) })
export type AutocompleteResponse = z.infer<typeof autocompleteResponseSchema>

/**
 * POST /api/search/ {keyword, contract}: the catalogue filter over all catalogues (-1) with the
 * keyword as its query; the other filter fields (page, warehouse, brand ...) may come along.
 * The answer is filterResponseSchema.
 */
export const searchRequestSchema = z.extend(z.omit(filterRequestSchema, { query: true, catalog: true, search_range: true }), { keyword })
