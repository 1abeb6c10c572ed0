import type { SnapshotFrom } from 'xstate'
import { COMPLAINT_MESSAGES, COMPLAINT_STATES, isComplaintQuantity, type Complaint } from '../contract/complaints'
import type { complaintMachine } from './complaint.machine'
import type { complaintsMachine } from './complaints.machine'
import { moscowTimeOf } from '../contract/moscow-time'

type ComplaintSnapshot = SnapshotFrom<typeof complaintMachine>
type ComplaintsSnapshot = SnapshotFrom<typeof complaintsMachine>

export const COMPLAINT_UI = {
  title: 'Рекламации',
  listTitle: 'Мои рекламации',
  restoring: 'Загрузка рекламации…',
  product: 'Товар',
  productHint: 'Название или артикул, от 2 символов',
  suggestions: 'Подсказки товаров',
  articul: 'Артикул',
  quantity: 'Количество',
  remove: 'Удалить',
  noRowsYet: 'Найдите товар по названию или артикулу: он добавится в таблицу.',
  comment: 'Комментарий',
  send: 'Отправить рекламацию',
  sending: 'Рекламация отправляется…',
  sent: 'Рекламация отправлена',
  sendFailed: 'Рекламация не отправлена',
  retry: 'Повторить',
  wrongQuantity: 'Исправьте количество, отмеченное красным',
  newComplaint: 'Новая рекламация',
  toList: 'Мои рекламации',
  toTable: 'Новая рекламация',
  loading: 'Загрузка рекламаций…',
  loadFailed: 'Не удалось загрузить рекламации',
  empty: 'Рекламаций пока нет',
  number: 'Рекламация №',
  state: 'Состояние',
} as const

/** What the table screen shows: one per state (restoring reads as loading). */
export type ComplaintView = 'loading' | 'editing' | 'sending' | 'sent'

export function complaintViewOf(snapshot: ComplaintSnapshot): ComplaintView {
  if (snapshot.matches('restoring')) return 'loading'
  if (snapshot.matches('sending')) return 'sending'
  if (snapshot.matches('sent')) return 'sent'
  return 'editing'
}

/** One row as shown: a wrong quantity carries its message (spec §5: red). */
export interface ShownComplaintRow {
  productId: number
  header: string
  articul: string
  quantity: string
  quantityError: string | null
}

export const complaintRowsOf = (snapshot: ComplaintSnapshot): ShownComplaintRow[] =>
  snapshot.context.rows.map((row) => ({
    productId: row.product.id,
    header: row.product.header,
    articul: row.product.articul,
    quantity: row.quantity,
    quantityError: isComplaintQuantity(row.quantity) ? null : COMPLAINT_MESSAGES.badQuantity,
  }))

/** The message under the table, by the form's state. */
export function complaintFormMessageOf(snapshot: ComplaintSnapshot): { text: string; detail: string | null; canRetry: boolean } | null {
  if (snapshot.matches({ editing: { form: 'noRows' } })) return { text: COMPLAINT_MESSAGES.noEntries, detail: null, canRetry: false }
  if (snapshot.matches({ editing: { form: 'wrongQuantity' } })) return { text: COMPLAINT_UI.wrongQuantity, detail: null, canRetry: false }
  if (snapshot.matches({ editing: { form: 'failed' } })) return { text: COMPLAINT_UI.sendFailed, detail: snapshot.context.errorMessage, canRetry: true }
  return null
}

/** The product field: its text and the suggestions shown (none while the list is closed). */
export const productFieldOf = (snapshot: ComplaintSnapshot) => ({
  text: snapshot.context.search,
  options: snapshot.matches({ editing: { list: 'open' } }) ? snapshot.context.suggestions.map((item) => ({ value: item.header, note: item.articul })) : [],
  highlighted: snapshot.context.highlighted,
})

export const complaintCommentOf = (snapshot: ComplaintSnapshot) => snapshot.context.comment

export const sentComplaintIdOf = (snapshot: ComplaintSnapshot): number | null => snapshot.context.sent?.id ?? null

/** What the list screen shows. */
export type ComplaintsView = 'loading' | 'failed' | 'empty' | 'listed'

export function complaintsViewOf(snapshot: ComplaintsSnapshot): ComplaintsView {
  if (snapshot.matches('failed')) return 'failed'
  if (snapshot.matches('empty')) return 'empty'
  if (snapshot.matches('listed')) return 'listed'
  return 'loading'
}

export interface ShownComplaint {
  id: number
  /** dd.mm.yyyy hh:mm, Moscow */
  when: string
  state: string
  comment: string
  entries: { productId: number; header: string; articul: string; quantity: number }[]
}

export const shownComplaintsOf = (snapshot: ComplaintsSnapshot): ShownComplaint[] =>
  (snapshot.context.result?.complaints ?? []).map((complaint: Complaint) => ({
    id: complaint.id,
    when: moscowTimeOf(complaint.created_at),
    state: COMPLAINT_STATES[complaint.state],
    comment: complaint.comment,
    entries: complaint.entries.map((entry) => ({
      productId: entry.product_id,
      header: entry.header,
      articul: entry.articul,
      quantity: entry.quantity,
    })),
  }))

export const complaintsPagesOf = (snapshot: ComplaintsSnapshot) => ({ page: snapshot.context.page, total: snapshot.context.result?.pagination.pages ?? 0 })

export const complaintsErrorOf = (snapshot: ComplaintsSnapshot): string | null => snapshot.context.errorMessage
