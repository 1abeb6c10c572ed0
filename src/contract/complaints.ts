import * as z from 'zod/mini'
import { idNumber, intIn, paginationSchema } from './catalogue'
import { multilineText, transformed } from './common'

/** The complaints list: 10 per page. */
export const COMPLAINTS_PER_PAGE = 10
export const COMPLAINT_COMMENT_MAX_LENGTH = 2000
/** At most this many entries in one complaint (the cookie that keeps them stays small). */
export const COMPLAINT_MAX_ENTRIES = 50

/** spec §5: a positive integer without a leading zero (at most 9 digits, so it fits a 32-bit integer). */
const COMPLAINT_QUANTITY_PATTERN = /^[1-9]\d{0,8}$/

export const isComplaintQuantity = (text: string): boolean => COMPLAINT_QUANTITY_PATTERN.test(text)

export const COMPLAINT_MESSAGES = {
  badQuantity: 'Количество — целое число больше нуля, без ведущих нулей',
  noEntries: 'Добавьте в рекламацию хотя бы один товар',
  tooManyEntries: `В рекламации не больше ${COMPLAINT_MAX_ENTRIES} товаров`,
  repeatedProduct: 'Товар указан в рекламации дважды',
  unknownProduct: 'Товар не найден в каталоге',
  commentTooLong: `Комментарий не длиннее ${COMPLAINT_COMMENT_MAX_LENGTH} символов`,
} as const

/** A complaint's states, by their stored key, with what the dealer reads. */
export const COMPLAINT_STATES = {
  new: 'Новая',
  reviewing: 'На рассмотрении',
  accepted: 'Принята',
  rejected: 'Отклонена',
} as const
export type ComplaintState = keyof typeof COMPLAINT_STATES
export const COMPLAINT_STATE_KEYS = Object.keys(COMPLAINT_STATES) as ComplaintState[]
export const isComplaintState = (text: string): text is ComplaintState => Object.hasOwn(COMPLAINT_STATES, text)

/** The quantity as typed (a string matching the pattern) or a whole number ≥ 1. */
const quantity = z.pipe(
  transformed(z.union([z.string().check(z.regex(COMPLAINT_QUANTITY_PATTERN, COMPLAINT_MESSAGES.badQuantity)), z.number()]), Number),
  z.int(COMPLAINT_MESSAGES.badQuantity).check(z.positive(COMPLAINT_MESSAGES.badQuantity), z.lte(999_999_999, COMPLAINT_MESSAGES.badQuantity)),
)

const entryRequestSchema = z.object({ product_id: idNumber, quantity })

/** POST /api/complaints/ {entries: [{product_id, quantity}], comment}: the complaint of the session's company. */
export const complaintRequestSchema = z.object({
  entries: z.array(entryRequestSchema).check(
    z.minLength(1, COMPLAINT_MESSAGES.noEntries),
    z.maxLength(COMPLAINT_MAX_ENTRIES, COMPLAINT_MESSAGES.tooManyEntries),
    z.refine((entries) => new Set(entries.map((entry) => entry.product_id)).size === entries.length, COMPLAINT_MESSAGES.repeatedProduct),
  ),
  comment: z._default(multilineText().check(z.trim(), z.maxLength(COMPLAINT_COMMENT_MAX_LENGTH, COMPLAINT_MESSAGES.commentTooLong)), ''),
})
export type ComplaintRequest = z.input<typeof complaintRequestSchema>
export type ComplaintInput = z.output<typeof complaintRequestSchema>

const complaintEntrySchema = z.object({
  product_id: z.int(),
  header: z.string(),
  articul: z.string(),
  quantity: z.int().check(z.positive()),
})

const complaintSchema = z.object({
  id: z.int(),
  created_at: z.string(),
  state: z.enum(COMPLAINT_STATE_KEYS as [ComplaintState, ...ComplaintState[]]),
  comment: z.string(),
  entries: z.array(complaintEntrySchema),
})
export type Complaint = z.infer<typeof complaintSchema>

export const complaintResponseSchema = z.object({ complaint: complaintSchema })
export type ComplaintResponse = z.infer<typeof complaintResponseSchema>

/** GET /api/complaints/?page=&perpage= */
export const complaintsQuerySchema = z.object({
  page: z._default(intIn(1, 1_000_000), 1),
  perpage: z._default(intIn(1, 100), COMPLAINTS_PER_PAGE),
})
export type ComplaintsQuery = z.output<typeof complaintsQuerySchema>

export const complaintsResponseSchema = z.object({ complaints: z.array(complaintSchema), count: z.int(), pagination: paginationSchema })
export type ComplaintsResponse = z.infer<typeof complaintsResponseSchema>
