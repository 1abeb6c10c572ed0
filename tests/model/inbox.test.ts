import { describe, expect, it, vi } from 'vitest'
import { Subject } from 'rxjs'
import { createActor, fromEventObservable, fromPromise, type AnyMachineSnapshot } from 'xstate'
import type { InboxResponse } from '../../src/contract/inbox'
import { inboxMachine, type InboxContext } from '../../src/machines/inbox.machine'
import { topNewsOf, unreadCountOf } from '../../src/machines/inbox.selectors'
import { TIMINGS } from '../../src/machines/timings'
import type { PollEvent } from '../../src/services/streams'
import { describeMachinePaths } from '../support/path-testing'

const NEWS = { id: 3, header: 'Новые условия доставки', text: 'Бесплатно от 30 000 ₽' }
const WITH_NEWS: InboxResponse = { unread: { chat: 2, notifications: 1 }, topNews: NEWS }
const NO_NEWS: InboxResponse = { unread: { chat: 0, notifications: 0 }, topNews: null }
const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as InboxContext

describeMachinePaths(inboxMachine, {
  cases: {
    'poll.data': [
      { type: 'poll.data', data: WITH_NEWS },
      { type: 'poll.data', data: NO_NEWS },
    ],
    'poll.failed': [{ type: 'poll.failed', message: 'Нет связи с сервером', retryInMs: 10_000 }],
    'inbox.unread': [{ type: 'inbox.unread', unread: { chat: 0, notifications: 1 } }],
    'xstate.error.actor.hideNews': [{ type: 'xstate.error.actor.hideNews', error: new Error('Нет связи с сервером') }],
    'xstate.done.actor.hideNews': [{ type: 'xstate.done.actor.hideNews', output: { ok: true } }],
  },
  serializeState: (state, event, prev) => {
    const { topNews, hiddenNewsId } = contextOf(state)
    const key = `${JSON.stringify(state.value)} ${topNews ? 'news' : 'none'} ${hiddenNewsId ?? '-'}`
    return event && prev ? `${key} via ${event.type} from ${JSON.stringify(prev.value)}` : key
  },
  assertStep: (snapshot) => {
    const { topNews, hiddenNewsId } = contextOf(snapshot)
    // a news hidden in this session never shows again, whatever a poll in flight says
    if (hiddenNewsId !== null) expect(topNews?.id).not.toBe(hiddenNewsId)
  },
})

/** The inbox with a poll the test drives and a hidetopnews that records its ids. */
function startInbox(first?: InboxResponse | null) {
  const starts: { periodMs: number }[] = []
  const subject = new Subject<PollEvent<InboxResponse>>()
  const hidden: number[] = []
  const actor = createActor(
    inboxMachine.provide({
      actors: {
        pollInbox: fromEventObservable(({ input }: { input: { periodMs: number } }) => {
          starts.push(input)
          return subject
        }),
        hideNews: fromPromise(async ({ input }: { input: { id: number } }) => {
          hidden.push(input.id)
          return { ok: true as const }
        }),
      },
    }),
    { input: { first } },
  ).start()
  return { actor, starts, subject, hidden }
}

/** «Скрыть»: the banner goes at once, hidetopnews is asked for its id, and a poll still naming it does not bring it back. */
async function expectHiddenForGood({ actor, hidden, subject }: ReturnType<typeof startInbox>) {
  actor.send({ type: 'news.hide' })
  expect(topNewsOf(actor.getSnapshot())).toBeNull()
  await vi.waitFor(() => expect(hidden).toEqual([3]))
  subject.next({ type: 'poll.data', data: WITH_NEWS })
  expect(topNewsOf(actor.getSnapshot())).toBeNull()
}

describe('inbox beyond the paths', () => {
  it("starts from what the frame loaded (the page's answer): the banner and the counts show before the first poll, and «Скрыть» works at once", async () => {
    const started = startInbox(WITH_NEWS)
    const { actor } = started
    expect(topNewsOf(actor.getSnapshot())).toEqual(NEWS)
    expect(unreadCountOf(actor.getSnapshot(), 'chat')).toBe(2)
    await expectHiddenForGood(started)
    actor.stop()
    expect(topNewsOf(startInbox(null).actor.getSnapshot())).toBeNull()
  })

  it('polls every 5 s; a screen changes the counts at once; a hidden news stays hidden', async () => {
    const started = startInbox()
    const { actor, starts, subject } = started
    expect(starts).toEqual([{ periodMs: TIMINGS.chatPollMs }])
    expect(unreadCountOf(actor.getSnapshot(), 'chat')).toBe(0)
    subject.next({ type: 'poll.data', data: WITH_NEWS })
    expect(unreadCountOf(actor.getSnapshot(), 'chat')).toBe(2)
    expect(unreadCountOf(actor.getSnapshot(), 'notifications')).toBe(1)
    expect(unreadCountOf(actor.getSnapshot(), 'orders')).toBe(0)
    expect(topNewsOf(actor.getSnapshot())).toEqual(NEWS)
    actor.send({ type: 'inbox.unread', unread: { chat: 0, notifications: 1 } })
    expect(unreadCountOf(actor.getSnapshot(), 'chat')).toBe(0)
    await expectHiddenForGood(started)
    actor.stop()
  })
})
