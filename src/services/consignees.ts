import { fromEventObservable, fromPromise } from 'xstate'
import {
  consigneeRemovedResponseSchema,
  consigneeResponseSchema,
  consigneesResponseSchema,
  type ChosenFile,
  type Consignee,
  type ConsigneeFields,
} from '../contract/consignees'
import type { Http } from './http'
import { nameSuggestionsLogic } from './suggestions'
import { upload$, uploadRefused$, type UploadEvent, type UploadRequest } from './upload'

export interface SaveConsigneeInput extends ConsigneeFields {
  /** null: a new consignee */
  id: number | null
}

export interface UploadImageInput {
  consignee: number
  /** the File the dealer chose */
  file: ChosenFile
}

/** POST /api/consigneeUpload/: multipart {consignee, file}, with the bytes sent reported as they go. */
function uploadConsigneeImage(input: UploadImageInput, http: Http, createRequest?: () => UploadRequest) {
  if (!(input.file instanceof Blob))
    return uploadRefused$<UploadEvent<{ consignee: Consignee }>>(new TypeError('consigneeUpload needs the File the dealer chose'))
  const form = new FormData()
  form.append('consignee', String(input.consignee))
  form.append('file', input.file, input.file.name)
  // a 401 signs the dealer out, as a 401 of any ky call does
  const onStatus = (status: number) => {
    if (status === 401) http.onUnauthorized?.()
  }
  return upload$('/api/consigneeUpload/', form, consigneeResponseSchema, createRequest, onStatus)
}

/** The consignee modal: the names' suggestions, POST /api/consignee/ (a new one) or the generic update of /api/consignee/{id}/, then the image upload. */
export const createConsigneeFormActors = (deps: { http: Http; createRequest?: () => UploadRequest }) => ({
  suggest: nameSuggestionsLogic(deps.http),
  saveConsignee: fromPromise(async ({ input, signal }: { input: SaveConsigneeInput; signal: AbortSignal }): Promise<Consignee> => {
    const { id, ...fields } = input
    const answer =
      id === null
        ? await deps.http.call('consignee', fields, consigneeResponseSchema, signal)
        : await deps.http.mutate('consignee', id, 'update', fields, consigneeResponseSchema, signal)
    return answer.consignee
  }),
  uploadImage: fromEventObservable(({ input }: { input: UploadImageInput }) => uploadConsigneeImage(input, deps.http, deps.createRequest)),
})

/** The consignees screen: GET /api/consignee/ (spec §7 "consignee list") and DELETE /api/consignee/?id=. */
export const createConsigneesActors = (deps: { http: Http }) => ({
  loadConsignees: fromPromise(
    async ({ signal }: { signal: AbortSignal }) => (await deps.http.get('consignee', undefined, consigneesResponseSchema, undefined, signal)).consignees,
  ),
  removeConsignee: fromPromise(({ input, signal }: { input: { id: number }; signal: AbortSignal }) =>
    deps.http.deleteUrl('/api/consignee/', { id: input.id }, consigneeRemovedResponseSchema, signal),
  ),
})
