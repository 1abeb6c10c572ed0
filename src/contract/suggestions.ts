import * as z from 'zod/mini'
import { lineText } from './common'

/** Suggestions start from this many characters (issue 22); shorter queries get none, without a call. */
export const SUGGEST_MIN_LENGTH = 3
const SUGGEST_MAX_LENGTH = 300
/** How many suggestions one answer holds at most. */
export const SUGGEST_COUNT = 7

const SUGGEST_MESSAGES = {
  queryRequired: 'Введите не менее 3 символов',
  queryTooLong: `Запрос не длиннее ${SUGGEST_MAX_LENGTH} символов`,
  badPart: 'Часть имени: surname или name',
} as const

const queryText = lineText().check(
  z.minLength(SUGGEST_MIN_LENGTH, SUGGEST_MESSAGES.queryRequired),
  z.maxLength(SUGGEST_MAX_LENGTH, SUGGEST_MESSAGES.queryTooLong),
)

/** GET /api/suggest/address/?query= */
export const addressSuggestQuerySchema = z.object({ query: queryText })

const NAME_PARTS = ['surname', 'name'] as const
export type NamePart = (typeof NAME_PARTS)[number]

/** GET /api/suggest/name/?query=&part=surname|name */
export const nameSuggestQuerySchema = z.object({ query: queryText, part: z.enum(NAME_PARTS, SUGGEST_MESSAGES.badPart) })

/** One suggestion: the text to put in the field and, for an address, its postal index when known. */
const suggestionSchema = z.object({ value: z.string(), postindex: z.optional(z.string()) })
export type Suggestion = z.infer<typeof suggestionSchema>

export const suggestionsResponseSchema = z.array(suggestionSchema)
