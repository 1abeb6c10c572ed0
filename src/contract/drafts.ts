import * as z from 'zod/mini'
import { CATALOGUE_DEFAULTS, contractId, idNumber, intIn, paginationSchema } from './catalogue'
import { formatMoscowDateTime } from './moscow-time'
import { lineText, transformed, REQUIRED_MESSAGE } from './common'
import { BASKET_MESSAGES } from './basket-constants'
import { productSetResponseSchema } from './product-set'
import { DRAFT_HEADER_MAX_LENGTH } from './draft-header'

/** Spec: drafts 10 per page. */
export const DRAFTS_PER_PAGE = 10
const MAX_DRAFTS_PER_PAGE = 100

export const DRAFT_MESSAGES = {
  /** spec's generic required message, to the letter */
  headerRequired: REQUIRED_MESSAGE,
  headerTooLong: `Название не длиннее ${DRAFT_HEADER_MAX_LENGTH} символов`,
  emptyBasket: BASKET_MESSAGES.emptyBasket,
  notFound: 'Черновик не найден',
} as const

/** The name the client offers for a new draft: DRAFT_DEFAULT_HEADER_PREFIX + Moscow date and time. */
export const DRAFT_DEFAULT_HEADER_PREFIX = 'Корзина от '

/** 'Корзина от dd.mm.yyyy hh:mm' in Moscow time, which is what dealers see. */
export const defaultDraftHeader = (date: Date): string => `${DRAFT_DEFAULT_HEADER_PREFIX}${formatMoscowDateTime(date)}`

/** POST /api/addToDraft/ {header, contract}: the basket of the contract is saved under a name; the basket stays. */
export const addToDraftRequestSchema = z.object({
  header: z.pipe(
    transformed(z.nullish(lineText()), (header) => header ?? ''),
    z.string().check(z.trim(), z.minLength(1, DRAFT_MESSAGES.headerRequired), z.maxLength(DRAFT_HEADER_MAX_LENGTH, DRAFT_MESSAGES.headerTooLong)),
  ),
  contract: z._default(contractId, CATALOGUE_DEFAULTS.contract),
})
export type AddToDraftRequest = z.input<typeof addToDraftRequestSchema>

const draftSchema = z.object({
  id: z.int(),
  header: z.string(),
  /** goods lines */
  count: z.int().check(z.nonnegative()),
  contract: z.string(),
  created_at: z.string(),
})
export type Draft = z.infer<typeof draftSchema>

export const addToDraftResponseSchema = z.object({ draft: draftSchema })
export type AddToDraftResponse = z.infer<typeof addToDraftResponseSchema>

/** GET /api/drafts/?page=&perpage= */
export const draftsQuerySchema = z.object({
  page: z._default(intIn(1, 1_000_000), 1),
  perpage: z._default(intIn(1, MAX_DRAFTS_PER_PAGE), DRAFTS_PER_PAGE),
})
export type DraftsQuery = z.output<typeof draftsQuerySchema>

const draftListItemSchema = z.extend(draftSchema, {
  /** units over all lines */
  qnt: z.int().check(z.nonnegative()),
})
export type DraftListItem = z.infer<typeof draftListItemSchema>

/** The user's own drafts, newest first; a page past the last is empty. */
export const draftsResponseSchema = z.object({
  drafts: z.array(draftListItemSchema),
  /** all the user's drafts */
  count: z.int().check(z.nonnegative()),
  pagination: paginationSchema,
})
export type DraftsResponse = z.infer<typeof draftsResponseSchema>

const DRAFT_ACTIONS = ['remove', 'repeat'] as const

/** POST /api/drafts/ {id, action} */
export const draftActionRequestSchema = z.object({ id: idNumber, action: z.enum(DRAFT_ACTIONS) })
export type DraftActionRequest = z.input<typeof draftActionRequestSchema>

/** action 'remove': the user's drafts left. */
export const draftRemovedResponseSchema = z.object({ count: z.int().check(z.nonnegative()) })
export type DraftRemovedResponse = z.infer<typeof draftRemovedResponseSchema>

/**
 * action 'repeat': the draft's lines go into the basket of the draft's contract, each checked
 * against its warehouse; `count` lines were added, `refused` could not be for lack of stock.
 */
export const draftRepeatedResponseSchema = productSetResponseSchema
export type DraftRepeatedResponse = z.infer<typeof draftRepeatedResponseSchema>
