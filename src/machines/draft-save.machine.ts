import { assign, setup, type ActorRefFrom } from 'xstate'
import { DRAFT_HEADER_MAX_LENGTH } from '../contract/draft-header'
import { DRAFT_MESSAGES, defaultDraftHeader, type AddToDraftRequest, type Draft } from '../contract/drafts'
import { basketAloneLogic, errorMessageOf, unprovidedClockReading, unprovidedPromise } from './machine-support'
import { TIMINGS } from './timings'

/** Why the name cannot be saved (spec §5: a draft needs a non-empty name), or null. */
export function draftHeaderProblem(header: string): string | null {
  const trimmed = header.trim()
  if (trimmed.length === 0) return DRAFT_MESSAGES.headerRequired
  if (trimmed.length > DRAFT_HEADER_MAX_LENGTH) return DRAFT_MESSAGES.headerTooLong
  return null
}

export interface DraftSaveInput {
  /** the contract whose basket is saved (the basket page's contract) */
  contract: string
}

export interface DraftSaveContext {
  contract: string
  /** the name in the field, as typed */
  header: string
  /** the field's message (required, too long) while the name is invalid */
  problem: string | null
  /** the draft just saved */
  draft: Draft | null
  errorMessage: string | null
}

export type DraftSaveEvent =
  /** the default name 'Корзина от dd.mm.yyyy hh:mm' comes from the injected clock (`readClock`), whose answer the journal keeps */
  | { type: 'draft.open' }
  | { type: 'draft.change'; header: string }
  | { type: 'draft.blur' }
  | { type: 'draft.save' }
  | { type: 'draft.cancel' }
  | { type: 'draft.dismiss' }

const saveRequest = (context: DraftSaveContext): AddToDraftRequest => ({ header: context.header.trim(), contract: context.contract })

/**
 * «Сохранить как черновик» on the basket page: a dialog with the name (prefilled with
 * 'Корзина от dd.mm.yyyy hh:mm', required), then POST /api/addToDraft/ {header, contract} once the
 * basket has saved the quantities typed before. The basket stays as it is; a server error keeps
 * the dialog and the name; the "saved" message hides after 1.5 s.
 */
export const draftSaveMachine = setup({
  types: {} as { context: DraftSaveContext; events: DraftSaveEvent; input: DraftSaveInput },
  actors: {
    saveDraft: unprovidedPromise<Draft, AddToDraftRequest>('saveDraft'),
    /** the current time (ISO), from the clock the app provides */
    readClock: unprovidedClockReading,
    /** resolves once the basket has saved every quantity typed (the app provides the basket's own; alone, there is nothing to wait for) */
    awaitBasketSaved: basketAloneLogic,
  },
  delays: { savedMessage: TIMINGS.savedMessageMs },
  guards: {
    isHeaderValid: ({ context }) => draftHeaderProblem(context.header) === null,
    isTypedHeaderValid: ({ event }) => event.type === 'draft.change' && draftHeaderProblem(event.header) === null,
  },
  actions: {
    storeDefaultHeader: assign((_, params: { now: string }) => ({
      header: defaultDraftHeader(new Date(params.now)),
      problem: null,
      errorMessage: null,
    })),
    storeHeader: assign({ header: (_, params: { header: string }) => params.header }),
    storeProblem: assign({ problem: ({ context }) => draftHeaderProblem(context.header) }),
    resetProblem: assign({ problem: null }),
    storeDraft: assign({ draft: (_, params: { draft: Draft }) => params.draft, errorMessage: null, problem: null }),
    storeError: assign({ errorMessage: (_, params: { error: unknown }) => errorMessageOf(params.error) }),
    resetError: assign({ errorMessage: null }),
  },
}).createMachine({
  id: 'draftSave',
  description: 'Save the basket as a draft: the name dialog, POST /api/addToDraft/, and the message with a link to the drafts.',
  context: ({ input }) => ({ contract: input.contract, header: '', problem: null, draft: null, errorMessage: null }),
  initial: 'closed',
  states: {
    closed: {
      description: 'The basket toolbar shows «Сохранить как черновик»',
      on: {
        'draft.open': { target: 'opening', description: 'The dealer presses «Сохранить как черновик»' },
      },
    },
    opening: {
      description: 'The clock is read for the default name; the button waits',
      invoke: {
        id: 'readClock',
        src: 'readClock',
        onDone: {
          target: 'editing',
          description: 'The name is prefilled with "Корзина от dd.mm.yyyy hh:mm" (Moscow time)',
          actions: { type: 'storeDefaultHeader', params: ({ event }) => ({ now: event.output }) },
        },
      },
    },
    editing: {
      description: 'The dialog: the name field, «Сохранить» and «Отмена»; focus stays inside',
      initial: 'ready',
      on: {
        'draft.blur': [
          { guard: 'isHeaderValid', description: 'The dealer leaves a valid name: nothing to say', actions: 'resetProblem' },
          { target: '.invalid', description: 'The dealer leaves the name empty: the required message shows', actions: 'storeProblem' },
        ],
        'draft.save': [
          { guard: 'isHeaderValid', target: 'saving', description: 'The dealer presses «Сохранить» with a name', actions: ['resetProblem', 'resetError'] },
          { target: '.invalid', description: 'The name is empty: "Это поле необходимо заполнить." and no call', actions: 'storeProblem' },
        ],
        'draft.cancel': { target: 'closed', description: 'The dealer presses «Отмена» or Escape: nothing is saved', actions: ['resetProblem', 'resetError'] },
      },
      states: {
        ready: {
          description: 'No message under the field',
          on: {
            'draft.change': { description: 'The dealer types the name', actions: { type: 'storeHeader', params: ({ event }) => ({ header: event.header }) } },
          },
        },
        invalid: {
          description: 'The field is marked invalid with its message (required, or too long)',
          on: {
            'draft.change': [
              {
                guard: 'isTypedHeaderValid',
                target: 'ready',
                description: 'The dealer types a valid name: the message goes',
                actions: [{ type: 'storeHeader', params: ({ event }) => ({ header: event.header }) }, 'resetProblem'],
              },
              {
                description: 'The name is still invalid: the message stays',
                actions: [{ type: 'storeHeader', params: ({ event }) => ({ header: event.header }) }, 'storeProblem'],
              },
            ],
          },
        },
        failed: {
          description: '"Черновик не сохранён" with the server message; the name is kept and «Сохранить» tries again',
          on: {
            'draft.change': { description: 'The dealer edits the name', actions: { type: 'storeHeader', params: ({ event }) => ({ header: event.header }) } },
          },
        },
      },
    },
    saving: {
      description: 'The dialog buttons are disabled and «Сохранить» says «Сохранение…»',
      initial: 'waitingForBasket',
      states: {
        waitingForBasket: {
          description: 'A quantity typed just before is still on its way to the server: the draft waits for it, so it holds what the page shows',
          invoke: { id: 'awaitBasketSaved', src: 'awaitBasketSaved', onDone: { target: 'sending', description: 'Every quantity is saved' } },
        },
        sending: {
          description: 'POST /api/addToDraft/ {header, contract} runs',
          invoke: {
            id: 'saveDraft',
            src: 'saveDraft',
            input: ({ context }) => saveRequest(context),
            onDone: { target: '#draftSave.saved', actions: { type: 'storeDraft', params: ({ event }) => ({ draft: event.output }) } },
            onError: { target: '#draftSave.editing.failed', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
    saved: {
      description: '"Черновик «…» сохранён" with a link to /cabinet/drafts/ for 1.5 s, as every "saved" confirmation; the basket is unchanged',
      after: { savedMessage: { target: 'closed', description: 'The message hides after 1.5 s' } },
      on: {
        'draft.dismiss': { target: 'closed', description: 'The dealer closes the message' },
        'draft.open': { target: 'opening', description: 'The dealer saves the basket again, under another name' },
      },
    },
  },
})

export type DraftSaveActor = ActorRefFrom<typeof draftSaveMachine>
