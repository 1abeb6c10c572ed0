import { fromPromise } from 'xstate'
import type { BulkRequest } from '../contract/bulk'
import { removeEach } from './bulk'
import type { removeDraft } from './drafts'
import type { Http } from './http'

/**
 * The selection bar's «Удалить выбранные»: each checked draft removed, one POST /api/drafts/ {id, action: "remove"} each
 * (`removeDraft`, handed in by the route, which has it already).
 */
export const createBulkRemoveDraftsActors = (deps: { http: Http; removeDraft: typeof removeDraft }) => ({
  runBulk: fromPromise(({ input, signal }: { input: BulkRequest; signal: AbortSignal }) =>
    removeEach(input.items, (item) => deps.removeDraft(deps.http, item.id, signal), signal),
  ),
})
