import type { SnapshotFrom } from 'xstate'
import type { Suggestion } from '../contract/suggestions'
import { CONSIGNEE_FORM_MESSAGES, type ConsigneeField, type consigneeFormMachine } from './consignee-form.machine'

type FormSnapshot = SnapshotFrom<typeof consigneeFormMachine>

/** What the modal shows: the form, the save or upload running, or «Данные сохранены». */
export type ConsigneeFormStep = 'editing' | 'saving' | 'uploading' | 'saved'

export function consigneeFormStepOf(snapshot: FormSnapshot): ConsigneeFormStep {
  if (snapshot.matches('saving')) return 'saving'
  if (snapshot.matches('uploading')) return 'uploading'
  if (snapshot.matches('saved') || snapshot.matches('closed')) return 'saved'
  return 'editing'
}

/** The required message under an empty field, after a submit with it empty. */
export function fieldErrorOf(snapshot: FormSnapshot, field: ConsigneeField): string | null {
  if (!snapshot.matches({ editing: { form: 'incomplete' } })) return null
  return snapshot.context[field].trim() === '' ? CONSIGNEE_FORM_MESSAGES.required : null
}

/** The message by the file input: a chosen file that is no image, or the upload's failure with its status. */
export function fileErrorOf(snapshot: FormSnapshot): string | null {
  if (snapshot.matches({ editing: { form: 'notImage' } })) return CONSIGNEE_FORM_MESSAGES.chooseImage
  if (snapshot.matches({ editing: { form: 'uploadFailed' } })) return snapshot.context.errorMessage
  return null
}

/** The save's failure (the server's message) under the form. */
export const saveErrorOf = (snapshot: FormSnapshot): string | null =>
  snapshot.matches({ editing: { form: 'saveFailed' } }) ? snapshot.context.errorMessage : null

/** The upload's progress in whole percent (null while nothing is being sent). */
export function uploadPercentOf(snapshot: FormSnapshot): number | null {
  const { progress } = snapshot.context
  if (!snapshot.matches('uploading') || progress === null) return null
  return progress.total > 0 ? Math.min(100, Math.floor((progress.loaded / progress.total) * 100)) : 0
}

const NO_SUGGESTIONS: Suggestion[] = []

/** The suggestions listed under a field: the field typed in last, while its list is open. */
export const nameSuggestionsOf = (snapshot: FormSnapshot, field: ConsigneeField): Suggestion[] =>
  snapshot.matches({ editing: { list: 'open' } }) && snapshot.context.suggestFor === field ? snapshot.context.suggestions : NO_SUGGESTIONS
