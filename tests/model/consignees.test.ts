import { expect } from 'vitest'
import type { AnyMachineSnapshot } from 'xstate'
import type { Consignee } from '../../src/contract/consignees'
import { CONSIGNEE_FORM_MESSAGES, consigneeFormMachine, type ConsigneeFormContext } from '../../src/machines/consignee-form.machine'
import { fieldErrorOf, fileErrorOf, nameSuggestionsOf, saveErrorOf, uploadPercentOf } from '../../src/machines/consignee-form.selectors'
import { consigneesMachine, type ConsigneesContext } from '../../src/machines/consignees.machine'
import { removeStepOf } from '../../src/machines/consignees.selectors'
import { ApiCallError } from '../../src/services/http'
import { describeMachinePaths, type EventCases } from '../support/path-testing'

const IVANOV: Consignee = { id: 4, surname: 'Иванов', name: 'Сергей', file_name: null }
const SAVED: Consignee = { id: 9, surname: 'Орлова', name: 'Мария', file_name: null }
const UPLOADED: Consignee = { ...SAVED, file_name: 'scan.png' }
const PNG = { name: 'scan.png', size: 1000, type: 'image/png' }
const TEXT = { name: 'notes.txt', size: 20, type: 'text/plain' }
const FAILURE = 'Грузополучатель не найден'

const formCases: EventCases = {
  'field.change': [
    { type: 'field.change', field: 'surname', value: 'Орлова' },
    { type: 'field.change', field: 'name', value: 'Мария' },
    { type: 'field.change', field: 'name', value: ' ' },
  ],
  'file.choose': [
    { type: 'file.choose', file: PNG },
    { type: 'file.choose', file: TEXT },
  ],
  'xstate.done.actor.saveConsignee': [{ type: 'xstate.done.actor.saveConsignee', output: SAVED }],
  'xstate.error.actor.saveConsignee': [{ type: 'xstate.error.actor.saveConsignee', error: new ApiCallError('Некорректный запрос', 400) }],
  'upload.progress': [{ type: 'upload.progress', loaded: 500, total: 1000 }],
  'upload.done': [{ type: 'upload.done', answer: { consignee: UPLOADED } }],
  'upload.failed': [{ type: 'upload.failed', status: 415, message: 'Unsupported format' }],
  'suggestions.found': [
    { type: 'suggestions.found', suggestions: [{ value: 'Орлова' }, { value: 'Орлов' }] },
    { type: 'suggestions.found', suggestions: [] },
  ],
  'list.move': [{ type: 'list.move', step: 1 }],
  'suggestion.choose': [{ type: 'suggestion.choose', index: 1 }],
}

const formContext = (snapshot: AnyMachineSnapshot) => snapshot.context as ConsigneeFormContext
const complete = (context: ConsigneeFormContext) => context.surname.trim() !== '' && context.name.trim() !== ''

describeMachinePaths(consigneeFormMachine, {
  cases: formCases,
  input: { consignee: null },
  // whether both names are filled, an image is chosen and the consignee exists decide where a save goes
  serializeState: (state, event, prev) => {
    const context = formContext(state)
    const key = `${JSON.stringify(state.value)} c${complete(context) ? 1 : 0} f${context.file ? 1 : 0} i${context.id ?? '-'} p${context.progress?.loaded ?? '-'}`
    return event && prev ? `${key} via ${event.type} from ${JSON.stringify(prev.value)}` : key
  },
  limit: 20_000,
  assertStep: (snapshot) => {
    const context = formContext(snapshot)
    if (snapshot.matches({ editing: { list: 'open' } })) expect(nameSuggestionsOf(snapshot as never, context.suggestFor)).toHaveLength(2)
    if (snapshot.matches({ editing: { list: 'closed' } })) expect(context.suggestions).toEqual([])
    if (snapshot.matches({ editing: { form: 'notImage' } })) {
      expect(context.file).toBeNull()
      expect(fileErrorOf(snapshot as never)).toBe(CONSIGNEE_FORM_MESSAGES.chooseImage)
    }
    if (snapshot.matches({ editing: { form: 'uploadFailed' } })) {
      expect(fileErrorOf(snapshot as never)).toBe('415: Unsupported format')
      expect(context.id).toBe(SAVED.id)
    }
    if (snapshot.matches({ editing: { form: 'saveFailed' } })) expect(saveErrorOf(snapshot as never)).toBe('Некорректный запрос')
    if (snapshot.matches({ editing: { form: 'incomplete' } }))
      expect([fieldErrorOf(snapshot as never, 'surname'), fieldErrorOf(snapshot as never, 'name')]).toContain(CONSIGNEE_FORM_MESSAGES.required)
    if (snapshot.matches('uploading')) {
      expect(context.file).toEqual(PNG)
      expect([0, 50]).toContain(uploadPercentOf(snapshot as never))
    }
    if (snapshot.matches('saved')) expect([SAVED, UPLOADED]).toContainEqual(context.saved)
    if (snapshot.status === 'done') expect(snapshot.output).toEqual({ saved: context.saved })
  },
})

const screenCases: EventCases = {
  'xstate.done.actor.loadConsignees': [{ type: 'xstate.done.actor.loadConsignees', output: [IVANOV] }],
  'xstate.error.actor.loadConsignees': [{ type: 'xstate.error.actor.loadConsignees', error: new ApiCallError('Ошибка сервера (503)', 503) }],
  'consignee.edit': [{ type: 'consignee.edit', consignee: IVANOV }],
  'consignee.select': [{ type: 'consignee.select', id: IVANOV.id }],
  'consignee.remove': [{ type: 'consignee.remove', consignee: IVANOV }],
  'xstate.done.actor.consigneeForm': [
    { type: 'xstate.done.actor.consigneeForm', output: { saved: SAVED } },
    { type: 'xstate.done.actor.consigneeForm', output: { saved: null } },
  ],
  'xstate.done.actor.removeConsignee': [{ type: 'xstate.done.actor.removeConsignee', output: { count: 0 } }],
  'xstate.error.actor.removeConsignee': [{ type: 'xstate.error.actor.removeConsignee', error: new ApiCallError(FAILURE, 404) }],
}

const screenContext = (snapshot: AnyMachineSnapshot) => snapshot.context as ConsigneesContext

describeMachinePaths(consigneesMachine, {
  cases: screenCases,
  serializeState: (state, event, prev) => {
    const context = screenContext(state)
    const key = `${JSON.stringify(state.value)} s${context.selectedId ?? '-'} t${context.target?.id ?? '-'}`
    return event && prev ? `${key} via ${event.type} from ${JSON.stringify(prev.value)}` : key
  },
  limit: 20_000,
  assertStep: (snapshot) => {
    const context = screenContext(snapshot)
    if (snapshot.matches('failed')) expect(context.errorMessage).toBe('Ошибка сервера (503)')
    if (snapshot.matches({ loaded: 'confirmingRemove' })) {
      expect(context.target).toEqual(IVANOV)
      expect(removeStepOf(snapshot as never)).toBe('confirmingRemove')
    }
    if (snapshot.matches({ loaded: 'removeFailed' })) expect(context.errorMessage).toBe(FAILURE)
    if (snapshot.matches({ loaded: 'idle' })) expect(context.target).toBeNull()
    expect([null, IVANOV.id, SAVED.id]).toContain(context.selectedId)
  },
})
