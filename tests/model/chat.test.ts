import { describe, expect, it, vi } from 'vitest'
import { Subject } from 'rxjs'
import { createActor, createMachine, fromEventObservable, fromPromise, type AnyMachineSnapshot } from 'xstate'
import type { ChatMessage, ChatMessagesResponse, ChatSentResponse, Unread } from '../../src/contract/inbox'
import { chatMachine, type ChatContext } from '../../src/machines/chat.machine'
import type { KeptComposer } from '../../src/services/chat'
import { canSendOf, chatFeedViewOf, counterOf, pendingOf, shownMessageOf } from '../../src/machines/chat.selectors'
import { TIMINGS } from '../../src/machines/timings'
import type { PollEvent } from '../../src/services/streams'
import { describeMachinePaths } from '../support/path-testing'

const UNREAD: Unread = { chat: 0, notifications: 2 }
const message = (id: number, from_whom: string, text: string): ChatMessage => ({
  id,
  from_whom,
  text,
  author: from_whom.startsWith('cid') ? 'Анна' : '',
  created_at: '2026-11-27T09:00:00Z',
})
const FEED: ChatMessagesResponse = {
  messages: [message(4, 'cid1', 'Вопрос'), message(5, 'manager', 'Ответ\nвторая строка')],
  seenUpTo: 4,
  unread: { chat: 1, notifications: 2 },
}
const EMPTY: ChatMessagesResponse = { messages: [], seenUpTo: 0, unread: { chat: 0, notifications: 0 } }
const SENT: ChatSentResponse = { message: message(6, 'cid1', 'Привет'), unread: UNREAD }
const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as ChatContext

const movedRegions = (prev: AnyMachineSnapshot, next: AnyMachineSnapshot) => {
  const [before, after] = [prev.value as Record<string, unknown>, next.value as Record<string, unknown>]
  return Object.keys(before)
    .filter((region) => JSON.stringify(before[region]) !== JSON.stringify(after[region]))
    .map((region) => `${region}:${JSON.stringify(before[region])}`)
    .join(' ')
}

describeMachinePaths(chatMachine, {
  cases: {
    'poll.data': [
      { type: 'poll.data', data: FEED },
      { type: 'poll.data', data: EMPTY },
    ],
    'poll.failed': [{ type: 'poll.failed', message: 'Ошибка сервера (503)', retryInMs: 10_000 }],
    'draft.change': [
      { type: 'draft.change', text: 'Привет' },
      { type: 'draft.change', text: '  ' },
    ],
    'xstate.done.actor.readKept': [
      { type: 'xstate.done.actor.readKept', output: null },
      { type: 'xstate.done.actor.readKept', output: { draft: 'черновик', pending: 'не ушло' } satisfies KeptComposer },
    ],
    'xstate.error.actor.readKept': [{ type: 'xstate.error.actor.readKept', error: new Error('storage') }],
    'xstate.done.actor.sendMessage': [{ type: 'xstate.done.actor.sendMessage', output: SENT }],
    'xstate.error.actor.sendMessage': [{ type: 'xstate.error.actor.sendMessage', error: new Error('Нет связи с сервером') }],
    'xstate.done.actor.markSeen': [{ type: 'xstate.done.actor.markSeen', output: { seenUpTo: 5, unread: UNREAD } }],
    'xstate.error.actor.markSeen': [{ type: 'xstate.error.actor.markSeen', error: new Error('Нет связи с сервером') }],
  },
  input: { accountId: 7 },
  serializeState: (state, event, prev) => {
    const context = contextOf(state)
    const last = context.messages.at(-1)?.id ?? 0
    const facts = `${last > context.seenUpTo ? 'unseen' : 'seen'} ${context.draft.trim() ? 'typed' : 'blank'}`
    const key = `${JSON.stringify(state.value)} ${facts}`
    // the edge by the regions it moved (the whole previous value would multiply the graph)
    return event && prev ? `${key} via ${event.type} from ${movedRegions(prev, state)}` : key
  },
  limit: 100_000,
  assertStep: (snapshot) => {
    const context = contextOf(snapshot)
    if (snapshot.matches({ composer: 'failed' })) expect(context.pending?.text).toBeTruthy()
    if (snapshot.matches({ composer: 'sending' })) expect(pendingOf(snapshot as never)?.status).toBe('sending')
    if (snapshot.matches({ feed: { live: 'failed' } })) expect(context.errorMessage).toBe('Ошибка сервера (503)')
  },
})

function drivenPoll() {
  const starts: { periodMs: number }[] = []
  let subject = new Subject<PollEvent<ChatMessagesResponse>>()
  const logic = fromEventObservable(({ input }: { input: { periodMs: number } }) => {
    starts.push(input)
    subject = new Subject<PollEvent<ChatMessagesResponse>>()
    return subject
  })
  return { starts, logic, emit: (event: PollEvent<ChatMessagesResponse>) => subject.next(event) }
}

describe('chat beyond the paths', () => {
  it("polls every 5 s, marks what arrived seen and tells the frame's inbox the counts", async () => {
    const poll = drivenPoll()
    const seen: number[] = []
    const told: Unread[] = []
    const inbox = createMachine({
      id: 'inbox',
      on: { 'inbox.unread': { actions: ({ event }) => void told.push((event as unknown as { unread: Unread }).unread) } },
    })
    const parent = createMachine({
      invoke: [
        { src: 'inbox', systemId: 'inbox' },
        { src: 'chat', id: 'chat', input: { accountId: 7 } },
      ],
    })
    const chat = chatMachine.provide({
      actors: {
        pollChat: poll.logic,
        readKept: fromPromise(async (): Promise<KeptComposer | null> => null),
        markSeen: fromPromise(async ({ input }: { input: { id: number } }) => {
          seen.push(input.id)
          return { seenUpTo: input.id, unread: { chat: 0, notifications: 2 } }
        }),
      },
    })
    const actor = createActor(parent.provide({ actors: { inbox, chat } })).start()
    expect(poll.starts).toEqual([{ periodMs: TIMINGS.chatPollMs }])
    expect(TIMINGS.chatPollMs).toBe(5_000)
    poll.emit({ type: 'poll.data', data: FEED })
    await vi.waitFor(() => expect(seen).toEqual([5]))
    await vi.waitFor(() => expect(told).toEqual([FEED.unread, { chat: 0, notifications: 2 }]))
    // the same conversation again: nothing more to mark
    poll.emit({ type: 'poll.data', data: { ...FEED, seenUpTo: 5 } })
    await Promise.resolve()
    expect(seen).toEqual([5])
    actor.stop()
  })

  it('shows a message at once, keeps it with «Повторить» when sending fails, and keeps the draft', async () => {
    const poll = drivenPoll()
    const kept: KeptComposer[] = []
    let fail = true
    const actor = createActor(
      chatMachine.provide({
        actors: {
          pollChat: poll.logic,
          readKept: fromPromise(async (): Promise<KeptComposer | null> => null),
          sendMessage: fromPromise(async () => {
            if (fail) throw new Error('Нет связи с сервером')
            return SENT
          }),
        },
        actions: { persistKept: (_, { kept: value }) => void kept.push(value) },
      }),
      { input: { accountId: 7 } },
    ).start()
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ composer: 'editing' })).toBe(true))
    expect(canSendOf(actor.getSnapshot())).toBe(false)
    actor.send({ type: 'draft.change', text: 'Привет' })
    expect(counterOf(actor.getSnapshot())).toBe('6 / 2000')
    actor.send({ type: 'message.send' })
    expect(pendingOf(actor.getSnapshot())).toMatchObject({ text: 'Привет', status: 'sending' })
    await vi.waitFor(() => expect(pendingOf(actor.getSnapshot())).toMatchObject({ status: 'failed', error: 'Нет связи с сервером' }))
    expect(kept.at(-1)).toEqual({ draft: '', pending: 'Привет' })
    fail = false
    actor.send({ type: 'message.retry' })
    await vi.waitFor(() => expect(pendingOf(actor.getSnapshot())).toBeNull())
    expect(actor.getSnapshot().context.messages.map((m) => m.id)).toEqual([6])
    expect(kept.at(-1)).toEqual({ draft: '', pending: null })
    actor.stop()
  })

  it('a message kept before a reload comes back with «Повторить»; the draft is cut at 2,000 characters', async () => {
    const actor = createActor(
      chatMachine.provide({
        actors: {
          pollChat: drivenPoll().logic,
          readKept: fromPromise(async (): Promise<KeptComposer | null> => ({ draft: 'я'.repeat(2_100), pending: 'не ушло' })),
        },
      }),
      { input: { accountId: 7 } },
    ).start()
    await vi.waitFor(() => expect(pendingOf(actor.getSnapshot())).toMatchObject({ text: 'не ушло', status: 'failed' }))
    expect(actor.getSnapshot().context.draft).toHaveLength(2_000)
    expect(canSendOf(actor.getSnapshot())).toBe(false)
    actor.stop()
  })

  it('shows messages by side, with the view of each feed state', () => {
    expect(shownMessageOf(FEED.messages[0]!)).toMatchObject({ side: 'customer', who: 'Анна', when: '27.11.2026 12:00' })
    expect(shownMessageOf(FEED.messages[1]!)).toMatchObject({ side: 'manager', who: 'Менеджер поставщика', text: 'Ответ\nвторая строка' })
    const poll = drivenPoll()
    const actor = createActor(
      chatMachine.provide({ actors: { pollChat: poll.logic, readKept: fromPromise(async (): Promise<KeptComposer | null> => null) } }),
      {
        input: { accountId: 7 },
      },
    ).start()
    expect(chatFeedViewOf(actor.getSnapshot())).toBe('loading')
    poll.emit({ type: 'poll.data', data: EMPTY })
    expect(chatFeedViewOf(actor.getSnapshot())).toBe('empty')
    poll.emit({ type: 'poll.paused' })
    expect(chatFeedViewOf(actor.getSnapshot())).toBe('paused')
    poll.emit({ type: 'poll.failed', message: 'x', retryInMs: 10_000 })
    expect(chatFeedViewOf(actor.getSnapshot())).toBe('failed')
    poll.emit({ type: 'poll.data', data: { ...FEED, seenUpTo: 5 } })
    expect(chatFeedViewOf(actor.getSnapshot())).toBe('loaded')
    actor.stop()
  })
})
