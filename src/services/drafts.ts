import { fromPromise } from 'xstate'
import {
  addToDraftResponseSchema,
  DRAFTS_PER_PAGE,
  draftRemovedResponseSchema,
  draftRepeatedResponseSchema,
  draftsResponseSchema,
  type AddToDraftRequest,
  type Draft,
  type DraftActionRequest,
} from '../contract/drafts'
import type { Http } from './http'

/** POST /api/addToDraft/ {header, contract}: the basket of the contract saved under the name. */
async function saveDraft(http: Http, request: AddToDraftRequest, signal?: AbortSignal): Promise<Draft> {
  const answer = await http.call('addToDraft', request, addToDraftResponseSchema, signal)
  return answer.draft
}

/** «Сохранить как черновик» on the basket page. */
export const createDraftSaveActors = (deps: { http: Http }) => ({
  saveDraft: fromPromise(({ input, signal }: { input: AddToDraftRequest; signal: AbortSignal }) => saveDraft(deps.http, input, signal)),
})

const action = (id: number, kind: DraftActionRequest['action']): DraftActionRequest => ({ id, action: kind })

/** POST /api/drafts/ {id, action: 'remove'} */
export const removeDraft = (http: Http, id: number, signal: AbortSignal) => http.call('drafts', action(id, 'remove'), draftRemovedResponseSchema, signal)

/** The drafts page: GET /api/drafts/?page=&perpage=10, and POST /api/drafts/ {id, action} to repeat or remove one. */
export const createDraftsActors = (deps: { http: Http }) => ({
  loadPage: fromPromise(({ input, signal }: { input: { page: number }; signal: AbortSignal }) =>
    deps.http.get('drafts', undefined, draftsResponseSchema, { page: input.page, perpage: DRAFTS_PER_PAGE }, signal),
  ),
  repeatDraft: fromPromise(({ input, signal }: { input: { id: number }; signal: AbortSignal }) =>
    deps.http.call('drafts', action(input.id, 'repeat'), draftRepeatedResponseSchema, signal),
  ),
  removeDraft: fromPromise(({ input, signal }: { input: { id: number }; signal: AbortSignal }) => removeDraft(deps.http, input.id, signal)),
})
