import type { AnyEventObject, AnyMachineSnapshot } from 'xstate'
import type { DraftRepeatedResponse, DraftsResponse } from '../../src/contract/drafts'
import { draftsMachine, type DraftsContext } from '../../src/machines/drafts.machine'
import { browserPaths, type BrowserPaths } from './browser-paths'
import { defaultSerializeState } from './path-testing'

export const DRAFT_NOT_FOUND = 'Черновик не найден'

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as DraftsContext

/** The repeat's answer when none of the draft's goods is free any more. */
export const noStockRepeat = (repeated: DraftRepeatedResponse): DraftRepeatedResponse => ({ ...repeated, count: 0, refused: [] })

/**
 * What a dealer can do on the page in the state before the event: a pagination link while the
 * list shows and no dialog is open; a load answers the page the machine asked for.
 */
const canCause = (event: AnyEventObject, before: AnyMachineSnapshot) => {
  if (event.type === 'page.change') return before.matches({ list: { loaded: 'idle' } }) && event.page !== contextOf(before).page
  if (event.type === 'xstate.done.actor.loadPage') return (event.output as DraftsResponse).pagination.page === contextOf(before).page
  return true
}

/**
 * The drafts page's generated paths and the ones /cabinet/drafts/ replays
 * (tests/e2e/drafts-paths.spec.ts): `pages` are the server's two pages of 11 drafts, `repeated` a
 * repeat's real answer; a removal leaves 10. The walk keeps to the list's region (nothing is
 * checked): the selection and its bulk removal are walked by the model test and shown by
 * tests/e2e/bulk-selection.spec.ts.
 */
export function draftsBrowserPaths(pages: [DraftsResponse, DraftsResponse], repeated: DraftRepeatedResponse): BrowserPaths {
  const draft = pages[0].drafts[0]!
  return browserPaths(draftsMachine, {
    cases: {
      'page.change': [1, 2].map((page) => ({ type: 'page.change', page })),
      'draft.repeat': [{ type: 'draft.repeat', draft }],
      'draft.remove': [{ type: 'draft.remove', draft }],
      'xstate.done.actor.loadPage': pages.map((output) => ({ type: 'xstate.done.actor.loadPage', output })),
      'xstate.error.actor.loadPage': [{ type: 'xstate.error.actor.loadPage', error: new Error('Ошибка сервера (503)') }],
      'xstate.done.actor.repeatDraft': [repeated, noStockRepeat(repeated)].map((output) => ({ type: 'xstate.done.actor.repeatDraft', output })),
      'xstate.error.actor.repeatDraft': [{ type: 'xstate.error.actor.repeatDraft', error: new Error(DRAFT_NOT_FOUND) }],
      'xstate.done.actor.removeDraft': [{ type: 'xstate.done.actor.removeDraft', output: { count: pages[0].count - 1 } }],
      'xstate.error.actor.removeDraft': [{ type: 'xstate.error.actor.removeDraft', error: new Error(DRAFT_NOT_FOUND) }],
      ...Object.fromEntries(
        ['selection.toggle', 'selection.all', 'selection.clear', 'selection.remove', 'list.reload', 'xstate.done.actor.bulkRemove'].map((type) => [type, []]),
      ),
    },
    input: { page: 1 },
    canCause,
    // the page asked for and the page shown: a load of the other page is a vertex of its own, never walked
    serializeState: (state, event, prev) =>
      `${defaultSerializeState(state, event, prev)} p${contextOf(state).page} r${contextOf(state).result?.pagination.page}`,
  })
}
