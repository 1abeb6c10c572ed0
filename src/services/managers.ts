import { fromPromise } from 'xstate'
import * as z from 'zod/mini'
import {
  invitationResponseSchema,
  managerChoicesSchema,
  managerResponseSchema,
  managersResponseSchema,
  type InvitationRequest,
  type Manager,
  type SaveManagerInput,
} from '../contract/managers'
import type { Http } from './http'

const legacyToggleSchema = z.object({ result: z.literal(1), manager: managerResponseSchema.shape.manager })

/** The managers screen's actors: GET /api/managers/, the legacy (de)activateaccount toggle, DELETE through the generic resource. */
export const createManagersActors = (deps: { http: Http }) => ({
  loadManagers: fromPromise(
    async ({ signal }): Promise<Manager[]> => (await deps.http.get('managers', undefined, managersResponseSchema, undefined, signal)).managers,
  ),
  setEnabled: fromPromise(async ({ input, signal }: { input: { id: number; enabled: boolean }; signal: AbortSignal }) => {
    const url = input.enabled ? '/ajax/activateaccount/' : '/ajax/deactivateaccount/'
    return (await deps.http.postUrl(url, { id: input.id }, legacyToggleSchema, signal)).manager
  }),
  removeManager: fromPromise(({ input, signal }: { input: { id: number }; signal: AbortSignal }) =>
    deps.http.mutate('managers', input.id, 'del', {}, z.object({ result: z.literal(1) }), signal),
  ),
})

/** The form's actors: getManagerContragentsContracts, then POST /api/managers/ or PUT (generic resource) /api/managers/{id}/. */
export const createManagerEditingActors = (deps: { http: Http }) => ({
  loadChoices: fromPromise(({ input, signal }: { input: { id: number | null }; signal: AbortSignal }) =>
    deps.http.lookup('getManagerContragentsContracts', { manager_id: input.id ?? 0 }, managerChoicesSchema, signal),
  ),
  saveManager: fromPromise(async ({ input, signal }: { input: SaveManagerInput; signal: AbortSignal }) => {
    const answer =
      input.id === null
        ? await deps.http.call('managers', input.form, managerResponseSchema, signal)
        : await deps.http.mutate('managers', input.id, 'put', input.form, managerResponseSchema, signal)
    return answer.manager
  }),
})

/** The invitation page's actor: POST /api/invitation/. */
export const createInvitationActors = (deps: { http: Http }) => ({
  acceptInvitation: fromPromise(({ input, signal }: { input: InvitationRequest; signal: AbortSignal }) =>
    deps.http.call('invitation', input, invitationResponseSchema, signal),
  ),
})
