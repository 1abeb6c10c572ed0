import { describe, expect, it } from 'vitest'
import type { AnyMachineSnapshot } from 'xstate'
import type { Complaint, ComplaintsResponse } from '../../src/contract/complaints'
import type { AutocompleteItem } from '../../src/contract/search'
import { complaintMachine, complaintRequestOf, type ComplaintContext } from '../../src/machines/complaint.machine'
import { complaintsMachine } from '../../src/machines/complaints.machine'
import { complaintRowsOf, shownComplaintsOf } from '../../src/machines/complaint.selectors'
import { complaintCookieOf, keptEntriesOf } from '../../src/services/complaints'
import { defaultSerializeState, describeMachinePaths } from '../support/path-testing'

const item = (id: number): AutocompleteItem => ({ id, header: `Товар ${id}`, articul: `A-${id}`, brand: { id: 1, header: 'Бренд' } })
const COMPLAINT: Complaint = {
  id: 7,
  created_at: '2026-11-27T09:00:00Z',
  state: 'reviewing',
  comment: 'Брак',
  entries: [{ product_id: 1, header: 'Товар 1', articul: 'A-1', quantity: 1200 }],
}
const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as ComplaintContext

// whether there are rows and whether their quantities are right tells the vertices apart
const rowsKind = ({ rows }: ComplaintContext) => (rows.length === 0 ? 'none' : rows.every((row) => /^[1-9]\d*$/.test(row.quantity)) ? 'right' : 'wrong')

describeMachinePaths(complaintMachine, {
  serializeState: (snapshot, event, prev) => `${defaultSerializeState(snapshot, event, prev)} rows=${rowsKind(contextOf(snapshot))}`,
  cases: {
    'xstate.done.actor.restoreEntries': [
      { type: 'xstate.done.actor.restoreEntries', output: [] },
      { type: 'xstate.done.actor.restoreEntries', output: [{ product: { id: 2, header: 'Товар 2', articul: 'A-2' }, quantity: '01' }] },
    ],
    'xstate.error.actor.restoreEntries': [{ type: 'xstate.error.actor.restoreEntries', error: new Error('Нет связи с сервером') }],
    'product.type': [{ type: 'product.type', text: 'То' }],
    'suggestions.found': [
      { type: 'suggestions.found', suggestions: [item(1), item(2)] },
      { type: 'suggestions.found', suggestions: [] },
    ],
    'list.move': [{ type: 'list.move', step: 1 }],
    'suggestion.choose': [{ type: 'suggestion.choose', index: 0 }],
    'entry.quantity': [
      { type: 'entry.quantity', productId: 1, text: '1' },
      { type: 'entry.quantity', productId: 1, text: '01' },
    ],
    'entry.remove': [{ type: 'entry.remove', productId: 1 }],
    'comment.change': [{ type: 'comment.change', text: 'Брак' }],
    'complaint.new': [{ type: 'complaint.new' }],
    'xstate.done.actor.sendComplaint': [{ type: 'xstate.done.actor.sendComplaint', output: { complaint: COMPLAINT } }],
    'xstate.error.actor.sendComplaint': [{ type: 'xstate.error.actor.sendComplaint', error: new Error('Товар не найден в каталоге') }],
  },
  assertStep: (snapshot) => {
    const context = contextOf(snapshot)
    // a complaint is sent only with rows whose quantities are all right (spec §5)
    if (snapshot.matches('sending')) {
      expect(context.rows.length).toBeGreaterThan(0)
      expect(complaintRequestOf(context).entries.every((entry) => /^[1-9]\d*$/.test(String(entry.quantity)))).toBe(true)
    }
    if (snapshot.matches({ editing: { form: 'failed' } })) expect(context.errorMessage).toBe('Товар не найден в каталоге')
    if (snapshot.matches('sent')) expect(context.rows).toEqual([])
  },
})

describeMachinePaths(complaintsMachine, {
  input: { page: 1 },
  cases: {
    'xstate.done.actor.loadComplaints': [
      { type: 'xstate.done.actor.loadComplaints', output: { complaints: [COMPLAINT], count: 1, pagination: { page: 1, perpage: 10, pages: 1 } } },
      { type: 'xstate.done.actor.loadComplaints', output: { complaints: [], count: 0, pagination: { page: 1, perpage: 10, pages: 0 } } },
    ],
    'xstate.error.actor.loadComplaints': [{ type: 'xstate.error.actor.loadComplaints', error: new Error('Ошибка сервера (503)') }],
  },
})

describe('complaint rules beyond the paths', () => {
  it('the cookie keeps ids and quantities only, survives a round trip, and ignores what is not its own', () => {
    const text = complaintCookieOf([
      { productId: 5, quantity: '01' },
      { productId: 9, quantity: '3' },
    ])
    expect(text).toMatch(/^complaint_entries=[^;]+; path=\/; max-age=2592000; samesite=lax$/)
    const value = text.split(';')[0]!
    expect(keptEntriesOf(`a=1; ${value}; b=2`)).toEqual([
      { productId: 5, quantity: '01' },
      { productId: 9, quantity: '3' },
    ])
    expect(keptEntriesOf('complaint_entries=%5B%5B%22x%22%5D%5D')).toEqual([])
    expect(keptEntriesOf('complaint_entries=%%%')).toEqual([])
    expect(complaintCookieOf([])).toBe('complaint_entries=; path=/; max-age=0; samesite=lax')
  })

  it('a wrong quantity carries the Russian message; the list shows states and quantities in words', () => {
    const snapshot = complaintMachine.resolveState({
      value: { editing: { form: 'idle', list: 'closed' } },
      context: {
        rows: ['01', '0', '-1', '1.5', '', '12'].map((quantity, index) => ({ product: { id: index + 1, header: 'Т', articul: 'A' }, quantity })),
        search: '',
        suggestions: [],
        highlighted: -1,
        comment: '',
        errorMessage: null,
        sent: null,
      },
    })
    expect(complaintRowsOf(snapshot).map((row) => row.quantityError === null)).toEqual([false, false, false, false, false, true])
    const list: ComplaintsResponse = { complaints: [COMPLAINT], count: 1, pagination: { page: 1, perpage: 10, pages: 1 } }
    const listed = complaintsMachine.resolveState({ value: 'listed', context: { page: 1, result: list, errorMessage: null } })
    expect(shownComplaintsOf(listed)).toEqual([
      {
        id: 7,
        when: '27.11.2026 12:00',
        state: 'На рассмотрении',
        comment: 'Брак',
        entries: [{ productId: 1, header: 'Товар 1', articul: 'A-1', quantity: 1200 }],
      },
    ])
  })
})
