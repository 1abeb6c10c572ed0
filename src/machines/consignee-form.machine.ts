import { assign, fromCallback, fromEventObservable, sendTo, setup, type ActorRefFrom } from 'xstate'
import { CONSIGNEE_MESSAGES, isImageType, type ChosenFile, type Consignee } from '../contract/consignees'
import type { Suggestion } from '../contract/suggestions'
import type { NameSuggestQueryEvent, SuggestionsFoundEvent, SuggestStreamOptions } from '../services/suggestions'
import { errorMessageOf, unprovidedPromise, unprovidedObservable } from './machine-support'
import { NO_HIGHLIGHT, stepHighlight, suggestionList } from './suggestion-list'
import { TIMINGS } from './timings'

export const CONSIGNEE_FORM_MESSAGES = {
  saved: 'Данные сохранены',
  chooseImage: CONSIGNEE_MESSAGES.chooseImage,
  required: CONSIGNEE_MESSAGES.required,
} as const

export type ConsigneeField = 'surname' | 'name'

export interface ConsigneeFormInput {
  /** null: «Добавить грузополучателя» */
  consignee: Consignee | null
}

export interface UploadProgress {
  loaded: number
  total: number
}

export interface ConsigneeFormContext {
  /** null until the consignee is created */
  id: number | null
  surname: string
  name: string
  /** the name of the image attached before (null: none) */
  fileName: string | null
  /** the image chosen to send with the save (the browser's File; only its name, size and type are read here) */
  file: ChosenFile | null
  progress: UploadProgress | null
  errorMessage: string | null
  /** the consignee as the server last answered it */
  saved: Consignee | null
  /** the field typed in last: the suggestions are its */
  suggestFor: ConsigneeField
  suggestions: Suggestion[]
  /** the suggestion the arrows moved to, or NO_HIGHLIGHT */
  highlighted: number
}

export type ConsigneeUploadEvent =
  | { type: 'upload.progress'; loaded: number; total: number }
  | { type: 'upload.done'; answer: { consignee: Consignee } }
  | { type: 'upload.failed'; status: number; message: string }

export type ConsigneeFormEvent =
  | { type: 'field.change'; field: ConsigneeField; value: string }
  | { type: 'file.choose'; file: ChosenFile | null }
  | { type: 'form.submit' }
  | { type: 'form.cancel' }
  | SuggestionsFoundEvent
  | { type: 'list.move'; step: 1 | -1 }
  /** Enter on the highlighted suggestion */
  | { type: 'list.pick' }
  /** a click on a suggestion */
  | { type: 'suggestion.choose'; index: number }
  /** Escape, or the field loses focus */
  | { type: 'list.close' }
  | ConsigneeUploadEvent

export interface ConsigneeFormOutput {
  /** the consignee saved (null: the dealer closed the modal before anything was saved) */
  saved: Consignee | null
}

/** Spec §8: a failure with a status shows it before the server's text («415: Unsupported format»). */
const uploadFailureText = (status: number, message: string) => (status > 0 ? `${status}: ${message}` : message)

const isFilled = (text: string) => text.trim() !== ''

/**
 * The consignee modal (spec's /tpl/consignee_form.html): surname, name and an image. A chosen file
 * that is no image is refused at once («Please choose an image file.»), nothing is sent. Saving
 * creates or updates the consignee, then uploads the image with its progress (an XMLHttpRequest
 * stream: leaving the state aborts it); «Данные сохранены» shows for 1.5 s and the modal closes.
 * The surname and the name offer suggestions as they are typed (the `suggest` child: a pause,
 * 3 characters, the request in flight dropped by the next keystroke in either field).
 */
const consigneeFormSetup = setup({
  types: {} as {
    context: ConsigneeFormContext
    events: ConsigneeFormEvent
    input: ConsigneeFormInput
    output: ConsigneeFormOutput
    children: { saveConsignee: 'saveConsignee'; uploadImage: 'uploadImage'; suggest: 'suggest' }
  },
  actors: {
    /** the name suggestion stream (src/services/suggestions.ts), provided by the app */
    suggest: fromCallback<NameSuggestQueryEvent, SuggestStreamOptions>(() => undefined),
    saveConsignee: unprovidedPromise<Consignee, { id: number | null; surname: string; name: string }>('saveConsignee'),
    uploadImage: fromEventObservable<ConsigneeUploadEvent, { consignee: number; file: ChosenFile }>(() => unprovidedObservable('uploadImage')),
  },
  delays: { savedMessage: TIMINGS.savedMessageMs },
  guards: {
    isComplete: ({ context }) => isFilled(context.surname) && isFilled(context.name),
    isNotImage: (_, params: { file: ChosenFile | null }) => params.file !== null && !isImageType(params.file.type),
    hasFile: ({ context }) => context.file !== null,
    hasSuggestions: (_, params: { suggestions: Suggestion[] }) => params.suggestions.length > 0,
    isOptionHighlighted: ({ context }) => context.suggestions[context.highlighted] !== undefined,
  },
  actions: {
    storeField: assign((_, params: { field: ConsigneeField; value: string }) =>
      params.field === 'surname' ? { surname: params.value, suggestFor: params.field } : { name: params.value, suggestFor: params.field },
    ),
    /** the text goes to the suggestion stream with its field */
    forwardQuery: sendTo('suggest', (_, params: { field: ConsigneeField; value: string }): NameSuggestQueryEvent => ({
      type: 'suggest.query',
      text: params.value,
      part: params.field,
    })),
    storeSuggestions: assign({ suggestions: (_, params: { suggestions: Suggestion[] }) => params.suggestions, highlighted: NO_HIGHLIGHT }),
    resetSuggestions: assign({ suggestions: [], highlighted: NO_HIGHLIGHT }),
    storeHighlightStep: assign({
      highlighted: ({ context }, params: { step: 1 | -1 }) => stepHighlight(context.suggestions.length, context.highlighted, params.step),
    }),
    /** the suggestion fills the field it was typed for */
    applySuggestion: assign(({ context }, params: { index: number }) => {
      const suggestion = context.suggestions[params.index]
      if (!suggestion) return {}
      return context.suggestFor === 'surname' ? { surname: suggestion.value } : { name: suggestion.value }
    }),
    /** a chosen text needs no suggestions: a pending request is dropped */
    stopSuggesting: sendTo('suggest', ({ context }): NameSuggestQueryEvent => ({ type: 'suggest.query', text: '', part: context.suggestFor })),
    storeFile: assign({ file: (_, params: { file: ChosenFile | null }) => params.file, errorMessage: null }),
    dropFile: assign({ file: null }),
    storeSaved: assign((_, params: { consignee: Consignee }) => ({
      saved: params.consignee,
      id: params.consignee.id,
      fileName: params.consignee.file_name,
      errorMessage: null,
    })),
    startProgress: assign({ progress: ({ context }) => ({ loaded: 0, total: context.file?.size ?? 0 }) }),
    storeProgress: assign({ progress: (_, params: UploadProgress) => params }),
    storeError: assign({ errorMessage: (_, params: { error: unknown }) => errorMessageOf(params.error) }),
    storeUploadFailure: assign({ errorMessage: (_, params: { status: number; message: string }) => uploadFailureText(params.status, params.message) }),
  },
})

export const consigneeFormMachine = consigneeFormSetup.createMachine({
  id: 'consigneeForm',
  description: 'The consignee modal: surname, name and an image; save, then the upload with its progress, then «Данные сохранены» for 1.5 s.',
  context: ({ input }) => ({
    id: input.consignee?.id ?? null,
    surname: input.consignee?.surname ?? '',
    name: input.consignee?.name ?? '',
    fileName: input.consignee?.file_name ?? null,
    file: null,
    progress: null,
    errorMessage: null,
    saved: null,
    suggestFor: 'surname',
    suggestions: [],
    highlighted: NO_HIGHLIGHT,
  }),
  output: ({ context }) => ({ saved: context.saved }),
  initial: 'editing',
  states: {
    editing: {
      description: 'The form: «Фамилия», «Имя», the file input, «Сохранить» and «Отмена»',
      type: 'parallel',
      invoke: {
        id: 'suggest',
        src: 'suggest',
        // the spec names no pause; the header search's 300 ms, as the address field
        input: { debounceMs: TIMINGS.autocompleteDebounceMs },
      },
      on: {
        'field.change': {
          target: '.form.idle',
          description: 'The dealer types in a field: the text goes to the suggestion stream with its field',
          actions: [
            { type: 'storeField', params: ({ event }) => ({ field: event.field, value: event.value }) },
            { type: 'forwardQuery', params: ({ event }) => ({ field: event.field, value: event.value }) },
          ],
        },
        'file.choose': [
          {
            guard: { type: 'isNotImage', params: ({ event }) => ({ file: event.file }) },
            target: '.form.notImage',
            description: 'The chosen file is no image: refused at once, nothing will be sent',
            actions: 'dropFile',
          },
          {
            target: '.form.idle',
            description: 'An image (or no file) is chosen',
            actions: { type: 'storeFile', params: ({ event }) => ({ file: event.file }) },
          },
        ],
        'form.submit': [
          { guard: 'isComplete', target: 'saving', description: 'The dealer presses «Сохранить» with both names filled' },
          { target: '.form.incomplete', description: 'A name is empty: nothing is sent' },
        ],
        'form.cancel': { target: 'closed', description: 'The dealer presses «Отмена», Escape or outside the modal' },
      },
      states: {
        form: {
          description: 'What shows under the fields',
          initial: 'idle',
          states: {
            idle: { description: 'No message' },
            incomplete: { description: '"Это поле необходимо заполнить." under each empty field' },
            notImage: { description: '"Please choose an image file." by the file input; the file is dropped' },
            saveFailed: { description: "The server's message (e.g. a 400 with its reason, or no connection)" },
            uploadFailed: {
              description: 'The status and the server\'s text, e.g. "415: Unsupported format" (the consignee itself is saved: a new save updates it)',
            },
          },
        },
        list: suggestionList(consigneeFormSetup, {
          description: 'The suggestion listbox under the field typed in last (surname or name)',
          fills: 'it fills the field (as typing it would)',
          chosen: ['closed', '#consigneeForm.editing.form.idle'],
        }),
      },
    },
    saving: {
      description: 'POST /api/consignee/ (new) or POST /api/consignee/{id}/ {method: "update"} runs; the buttons wait',
      invoke: {
        id: 'saveConsignee',
        src: 'saveConsignee',
        input: ({ context }) => ({ id: context.id, surname: context.surname, name: context.name }),
        onDone: [
          {
            guard: 'hasFile',
            target: 'uploading',
            description: 'Saved; an image is chosen: it goes next',
            actions: { type: 'storeSaved', params: ({ event }) => ({ consignee: event.output }) },
          },
          { target: 'saved', description: 'Saved, no image to send', actions: { type: 'storeSaved', params: ({ event }) => ({ consignee: event.output }) } },
        ],
        onError: { target: '#consigneeForm.editing.form.saveFailed', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    uploading: {
      description: 'POST /api/consigneeUpload/ {file, consignee} runs; the progress bar follows the bytes sent',
      entry: 'startProgress',
      invoke: {
        id: 'uploadImage',
        src: 'uploadImage',
        input: ({ context }) => ({ consignee: context.id ?? 0, file: context.file as ChosenFile }),
      },
      on: {
        'upload.progress': {
          description: 'More bytes are sent',
          actions: { type: 'storeProgress', params: ({ event }) => ({ loaded: event.loaded, total: event.total }) },
        },
        'upload.done': {
          target: 'saved',
          description: 'The server took the image',
          actions: ['dropFile', { type: 'storeSaved', params: ({ event }) => ({ consignee: event.answer.consignee }) }],
        },
        'upload.failed': {
          target: '#consigneeForm.editing.form.uploadFailed',
          description: 'The server refused the file (e.g. 415 "Unsupported format", 413 too large) or could not be reached',
          actions: { type: 'storeUploadFailure', params: ({ event }) => ({ status: event.status, message: event.message }) },
        },
        'form.cancel': { target: 'closed', description: 'The dealer closes the modal: the upload is aborted' },
      },
    },
    saved: {
      description: '"Данные сохранены" for 1.5 s',
      after: { savedMessage: { target: 'closed', description: 'The message has shown for 1.5 s: the modal closes' } },
    },
    closed: { type: 'final', description: 'The modal is closed; the screen selects what was saved' },
  },
})

export type ConsigneeFormActor = ActorRefFrom<typeof consigneeFormMachine>
