import { describe, expect, it } from 'vitest'
import { assign, setup, type AnyMachineSnapshot } from 'xstate'
import { confirmedCall, submittedForm } from '../../src/machines/confirmed-call'
import { unprovidedPromise } from '../../src/machines/machine-support'
import { ApiCallError } from '../../src/services/http'
import { defaultSerializeState, describeMachinePaths, type EventCases } from '../support/path-testing'

/*
 * Small machines built from the factories alone, so their paths cover every state and
 * transition the factories make: the confirmation with and without its own failure state
 * (retry and dismiss, or the call's onError leaving the block), and the form whose submit runs
 * a call (complete, incomplete, a message from the call, typing again).
 */

interface DemoContext {
  message: string | null
}

type DemoEvent =
  | { type: 'item.remove' }
  | { type: 'item.archive' }
  | { type: 'remove.confirm' }
  | { type: 'remove.cancel' }
  | { type: 'archive.confirm' }
  | { type: 'archive.cancel' }
  | { type: 'item.retry' }
  | { type: 'notice.dismiss' }

const FAILURE = 'Не удалось выполнить запрос'

const confirmSetup = setup({
  types: {} as { context: DemoContext; events: DemoEvent },
  actors: {
    removeItem: unprovidedPromise<{ left: number }, { id: number }>('removeItem'),
    archiveItem: unprovidedPromise<unknown, { id: number }>('archiveItem'),
  },
  guards: { isEmpty: (_, params: { left: number }) => params.left === 0 },
  actions: {
    storeMessage: assign({ message: (_, params: { message: string }) => params.message }),
    resetMessage: assign({ message: null }),
  },
})

const storeFailure = { type: 'storeMessage', params: ({ event }: { event: { error: unknown } }) => ({ message: (event.error as Error).message }) } as const

/** The question's two steps for `remove` or `archive`: confirm, and cancel back to the list. */
const steps = <const Verb extends 'remove' | 'archive'>(verb: Verb, actions?: 'resetMessage') => ({
  confirm: { event: `${verb}.confirm` as const, description: 'The dealer confirms' },
  cancel: { event: `${verb}.cancel` as const, target: 'idle', description: 'The dealer keeps the row', ...(actions ? { actions } : {}) },
})

const confirmMachine = confirmSetup.createMachine({
  id: 'confirmedCallDemo',
  description: 'A list whose rows are removed (with its own failure message) or archived (a failure goes back to the list).',
  context: { message: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'item.remove': { target: 'confirmingRemove', actions: 'resetMessage' },
        'item.archive': { target: 'confirmingArchive', actions: 'resetMessage' },
      },
    },
    ...confirmedCall(confirmSetup, {
      ask: { state: 'confirmingRemove', description: '"Удалить?"', ...steps('remove', 'resetMessage') },
      call: {
        state: 'removing',
        description: 'The remove call runs',
        invoke: {
          id: 'removeItem',
          src: 'removeItem',
          input: { id: 7 },
          onDone: [
            { guard: { type: 'isEmpty', params: ({ event }) => ({ left: event.output.left }) }, target: 'empty', description: 'The last row went' },
            { target: 'idle', description: 'The row went' },
          ],
          onError: { target: 'removeFailed', actions: storeFailure },
        },
      },
      failed: {
        state: 'removeFailed',
        description: 'The failure with «Повторить» and «Закрыть»',
        retry: { event: 'item.retry', description: 'The dealer tries again', actions: 'resetMessage' },
        dismiss: { event: 'notice.dismiss', target: 'idle', description: 'The dealer closes the message', actions: 'resetMessage' },
      },
    }),
    ...confirmedCall(confirmSetup, {
      ask: { state: 'confirmingArchive', description: '"В архив?"', ...steps('archive') },
      call: {
        state: 'archiving',
        description: 'The archive call runs',
        invoke: {
          id: 'archiveItem',
          src: 'archiveItem',
          input: { id: 7 },
          onDone: { target: 'idle', description: 'Archived' },
          onError: { target: 'idle', description: 'The list shows the failure', actions: storeFailure },
        },
      },
    }),
    empty: { type: 'final', description: 'No rows left' },
  },
})

type FormEvent = { type: 'form.submit'; name: string } | { type: 'form.edit' } | { type: 'session.expired' }

const formSetup = setup({
  types: {} as { context: DemoContext; events: FormEvent },
  actors: { sendName: unprovidedPromise<{ accepted: boolean }, { name: string }>('sendName') },
  guards: {
    hasName: ({ event }) => event.type === 'form.submit' && event.name.trim() !== '',
    isAccepted: (_, params: { accepted: boolean }) => params.accepted,
  },
  actions: {
    storeMessage: assign({ message: (_, params: { message: string }) => params.message }),
    resetMessage: assign({ message: null }),
  },
})

const MESSAGES = { empty: 'Вы ничего не ввели', refused: 'Отказ', expired: 'Сессия истекла' } as const

const storeMessage = (message: string) => ({ type: 'storeMessage', params: { message } }) as const

const formMachine = formSetup.createMachine({
  id: 'submittedFormDemo',
  description: 'A one-field form sent to the server; every message goes when the dealer types again.',
  context: { message: null },
  initial: 'form',
  on: { 'session.expired': { target: '.form.expired', description: 'A message entered from outside the form' } },
  states: {
    ...submittedForm(formSetup, {
      form: {
        state: 'form',
        description: 'The field and «Отправить»',
        submit: { event: 'form.submit', guard: 'hasName', description: 'The dealer sends a name', actions: 'resetMessage' },
        incomplete: { state: 'empty', description: 'The dealer sends nothing: no call', actions: storeMessage(MESSAGES.empty) },
        idle: { description: 'No message' },
        messages: {
          empty: { description: MESSAGES.empty },
          refused: { description: "The server's refusal" },
          failed: { description: 'No answer' },
          expired: { description: MESSAGES.expired, entry: storeMessage(MESSAGES.expired) },
        },
        edit: { event: 'form.edit', description: 'The dealer types again: the message goes away', actions: 'resetMessage' },
      },
      call: {
        state: 'sending',
        description: 'The call runs',
        invoke: {
          id: 'sendName',
          src: 'sendName',
          input: ({ event }) => ({ name: event.type === 'form.submit' ? event.name.trim() : '' }),
          onDone: [
            { guard: { type: 'isAccepted', params: ({ event }) => ({ accepted: event.output.accepted }) }, target: 'sent', description: 'Accepted' },
            { target: 'form.refused', description: 'Refused', actions: storeMessage(MESSAGES.refused) },
          ],
          onError: { target: 'form.failed', description: 'No answer', actions: storeFailure },
        },
      },
    }),
    sent: { description: 'Done; the session may still end' },
  },
})

const messageOf = (snapshot: AnyMachineSnapshot) => (snapshot.context as DemoContext).message

const errorCase = (id: string): EventCases => ({
  [`xstate.error.actor.${id}`]: [{ type: `xstate.error.actor.${id}`, error: new ApiCallError(FAILURE, 503) }],
})

describeMachinePaths(confirmMachine, {
  cases: {
    'xstate.done.actor.removeItem': [
      { type: 'xstate.done.actor.removeItem', output: { left: 0 } },
      { type: 'xstate.done.actor.removeItem', output: { left: 2 } },
    ],
    ...errorCase('removeItem'),
    ...errorCase('archiveItem'),
  },
  assertStep: (snapshot) => {
    if (snapshot.matches('removeFailed')) expect(messageOf(snapshot)).toBe(FAILURE)
    if (snapshot.matches('confirmingRemove') || snapshot.matches('removing') || snapshot.matches('confirmingArchive')) expect(messageOf(snapshot)).toBeNull()
  },
})

describeMachinePaths(formMachine, {
  cases: {
    'form.submit': [
      { type: 'form.submit', name: ' Иван ' },
      { type: 'form.submit', name: '  ' },
    ],
    'xstate.done.actor.sendName': [
      { type: 'xstate.done.actor.sendName', output: { accepted: true } },
      { type: 'xstate.done.actor.sendName', output: { accepted: false } },
    ],
    ...errorCase('sendName'),
  },
  // the message is what the form shows, so it is part of the vertex
  serializeState: (snapshot, event, prev) => `${defaultSerializeState(snapshot, event, prev)} ${JSON.stringify(messageOf(snapshot))}`,
  assertStep: (snapshot) => {
    const expected: Array<[Parameters<AnyMachineSnapshot['matches']>[0], string | null]> = [
      [{ form: 'idle' }, null],
      [{ form: 'empty' }, MESSAGES.empty],
      [{ form: 'refused' }, MESSAGES.refused],
      [{ form: 'failed' }, FAILURE],
      [{ form: 'expired' }, MESSAGES.expired],
      ['sending', null],
    ]
    const row = expected.find(([state]) => snapshot.matches(state))
    if (row) expect(messageOf(snapshot)).toBe(row[1])
  },
})

describe('the nodes the factories make', () => {
  it('are the hand-written confirmation, call and failure, with the names given', () => {
    const invoke = { id: 'removeItem', src: 'removeItem', input: { id: 7 }, onDone: { target: 'idle' }, onError: { target: 'removeFailed' } } as const
    expect(
      confirmedCall(confirmSetup, {
        ask: {
          state: 'confirmingRemove',
          description: 'ask',
          confirm: { event: 'remove.confirm', description: 'yes' },
          cancel: { event: 'remove.cancel', target: 'idle', description: 'no', actions: 'resetMessage' },
        },
        call: { state: 'removing', description: 'call', invoke },
        failed: {
          state: 'removeFailed',
          description: 'failed',
          retry: { event: 'item.retry', description: 'again' },
          dismiss: { event: 'notice.dismiss', target: 'idle', description: 'close' },
        },
      }),
    ).toEqual({
      confirmingRemove: {
        description: 'ask',
        on: {
          'remove.confirm': { target: 'removing', description: 'yes' },
          'remove.cancel': { target: 'idle', description: 'no', actions: 'resetMessage' },
        },
      },
      removing: { description: 'call', invoke },
      removeFailed: {
        description: 'failed',
        on: { 'item.retry': { target: 'removing', description: 'again' }, 'notice.dismiss': { target: 'idle', description: 'close' } },
      },
    })
  })

  it('are the hand-written form with its message states and the call', () => {
    const invoke = { id: 'sendName', src: 'sendName', input: { name: 'Иван' } } as const
    const editAgain = { target: 'idle', description: 'typing', actions: 'resetMessage' }
    expect(
      submittedForm(formSetup, {
        form: {
          state: 'form',
          description: 'form',
          submit: { event: 'form.submit', guard: 'hasName', description: 'send' },
          incomplete: { state: 'empty', description: 'nothing' },
          idle: { description: 'none' },
          messages: { empty: { description: 'empty' }, expired: { description: 'expired', entry: 'resetMessage' } },
          edit: { event: 'form.edit', description: 'typing', actions: 'resetMessage' },
        },
        call: { state: 'sending', description: 'call', invoke },
      }),
    ).toEqual({
      form: {
        description: 'form',
        initial: 'idle',
        on: {
          'form.submit': [
            { target: 'sending', guard: 'hasName', description: 'send' },
            { target: '.empty', description: 'nothing' },
          ],
        },
        states: {
          idle: { description: 'none' },
          empty: { description: 'empty', on: { 'form.edit': editAgain } },
          expired: { description: 'expired', entry: 'resetMessage', on: { 'form.edit': editAgain } },
        },
      },
      sending: { description: 'call', invoke },
    })
  })
})
