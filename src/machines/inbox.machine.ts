import { assign, fromEventObservable, setup } from 'xstate'
import type { InboxResponse, TopNews, Unread } from '../contract/inbox'
import type { PollEvent } from '../services/streams'
import type { InboxUnreadEvent } from './chat.machine'
import { unprovidedPromise, unprovidedObservable } from './machine-support'
import { TIMINGS } from './timings'

export interface InboxContext {
  /** null until the first answer */
  unread: Unread | null
  topNews: TopNews | null
  /** the news this account hid in this session (the server hides it for good; a poll in flight may not know yet) */
  hiddenNewsId: number | null
}

export interface InboxInput {
  /** what the frame loaded with the init data (the page's answer): shown from the start; null: nothing yet */
  first?: InboxResponse | null
}

export type InboxEvent = PollEvent<InboxResponse> | InboxUnreadEvent | { type: 'news.hide' }

/**
 * The frame's inbox (the shell's child 'inbox'): GET /api/inbox/ every 5 s through streams.ts
 * (backoff, paused while the tab is hidden), the one poller of the session for the sidebar's
 * unread counts and the top news; a screen that changed the counts (the chat marked its messages
 * seen, a notification read) tells it at once. «Скрыть» hides the top news (hidetopnews).
 */
export const inboxMachine = setup({
  types: {} as { context: InboxContext; events: InboxEvent; input: InboxInput | undefined },
  actors: {
    pollInbox: fromEventObservable<PollEvent<InboxResponse>, { periodMs: number }>(() => unprovidedObservable('pollInbox')),
    hideNews: unprovidedPromise<{ ok: true }, { id: number }>('hideNews'),
  },
  guards: {
    hasNews: ({ context }) => context.topNews !== null,
  },
  actions: {
    storeInbox: assign({
      unread: (_, params: { data: InboxResponse }) => params.data.unread,
      topNews: ({ context }, params: { data: InboxResponse }) => (params.data.topNews?.id === context.hiddenNewsId ? null : params.data.topNews),
    }),
    storeUnread: assign({ unread: (_, params: { unread: Unread }) => params.unread }),
    storeHidden: assign({ hiddenNewsId: ({ context }) => context.topNews?.id ?? null, topNews: null }),
  },
}).createMachine({
  id: 'inbox',
  description: 'The sidebar’s unread counts and the top news, polled every 5 s for the whole session.',
  type: 'parallel',
  context: ({ input }) => ({ unread: input?.first?.unread ?? null, topNews: input?.first?.topNews ?? null, hiddenNewsId: null }),
  states: {
    feed: {
      description: 'GET /api/inbox/ now and every 5 s (streams.ts: backoff after failures, nothing while the tab is hidden)',
      invoke: { id: 'pollInbox', src: 'pollInbox', input: { periodMs: TIMINGS.chatPollMs } },
      initial: 'loading',
      on: {
        'poll.data': {
          target: '.live',
          description: 'The counts and the top news arrived',
          actions: { type: 'storeInbox', params: ({ event }) => ({ data: event.data }) },
        },
        'poll.failed': { target: '.failed', description: 'The request failed: the counts stay as they were; the next try backs off' },
        'poll.paused': { target: '.paused', description: 'The tab was hidden: nothing is requested until it shows again' },
        'inbox.unread': {
          description: 'A screen changed the counts (messages seen, a notification read): the sidebar follows at once',
          actions: { type: 'storeUnread', params: ({ event }) => ({ unread: event.unread }) },
        },
      },
      states: {
        loading: { description: 'No count is shown yet' },
        live: { description: 'The sidebar shows the unread chat messages and notifications beside their entries' },
        failed: { description: 'The last counts stay' },
        paused: { description: 'The last counts stay' },
      },
    },
    news: {
      description: 'The top news banner',
      initial: 'shown',
      states: {
        shown: {
          description: 'The banner shows the news not hidden by this account (none: no banner)',
          on: { 'news.hide': { guard: 'hasNews', target: 'hiding', description: '«Скрыть»: the banner goes at once', actions: 'storeHidden' } },
        },
        hiding: {
          description: 'POST /api/hidetopnews/ {id}: hidden for this account for good',
          invoke: {
            id: 'hideNews',
            src: 'hideNews',
            input: ({ context }) => ({ id: context.hiddenNewsId ?? 0 }),
            onDone: { target: 'shown', description: 'Hidden on the server too' },
            onError: { target: 'shown', description: 'Not recorded: the next refresh shows it again after a reload' },
          },
        },
      },
    },
  },
})
