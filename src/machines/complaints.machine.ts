import { assign, setup, type ActorRefFrom } from 'xstate'
import type { ComplaintsResponse } from '../contract/complaints'
import { errorMessageOf, unprovidedPromise } from './machine-support'

export interface ComplaintsInput {
  /** the page from the address (?page=) */
  page: number
}

export interface ComplaintsContext {
  page: number
  result: ComplaintsResponse | null
  errorMessage: string | null
}

export type ComplaintsEvent = { type: 'list.retry' }

/**
 * /cabinet/complaints/list/ (spec §2, the legacy complaints list): the company's complaints, 10 a
 * page, each with its date, entries, comment and state. Another page in the address is another run.
 */
export const complaintsMachine = setup({
  types: {} as { context: ComplaintsContext; events: ComplaintsEvent; input: ComplaintsInput },
  actors: { loadComplaints: unprovidedPromise<ComplaintsResponse, { page: number }>('loadComplaints') },
  guards: { hasComplaints: ({ context }) => (context.result?.complaints.length ?? 0) > 0 },
  actions: {
    storeResult: assign({ result: (_, params: { result: ComplaintsResponse }) => params.result, errorMessage: null }),
    storeError: assign({ errorMessage: (_, params: { error: unknown }) => errorMessageOf(params.error) }),
  },
}).createMachine({
  id: 'complaints',
  description: "The company's complaints, 10 a page, with their entries and state.",
  context: ({ input }) => ({ page: input.page, result: null, errorMessage: null }),
  initial: 'loading',
  states: {
    loading: {
      description: 'GET /api/complaints/?page=: "Загрузка рекламаций…"',
      invoke: {
        id: 'loadComplaints',
        src: 'loadComplaints',
        input: ({ context }) => ({ page: context.page }),
        onDone: { target: 'checking', description: 'The page arrived', actions: { type: 'storeResult', params: ({ event }) => ({ result: event.output }) } },
        onError: { target: 'failed', description: 'The list did not load', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    checking: {
      description: 'Decides between the list and "Рекламаций пока нет"',
      always: [{ guard: 'hasComplaints', target: 'listed' }, { target: 'empty' }],
    },
    empty: { description: '"Рекламаций пока нет" with a link to the complaint table' },
    failed: {
      description: 'The error block with the reason and «Повторить»',
      on: { 'list.retry': { target: 'loading', description: 'The dealer asks to load again' } },
    },
    listed: { description: 'Each complaint: number, date, state in words, its products with quantities, the comment; the pages' },
  },
})

export type ComplaintsActor = ActorRefFrom<typeof complaintsMachine>
