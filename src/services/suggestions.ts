/**
 * Suggestions as the dealer types (issue 22): an RxJS stream over the field's texts. Each text
 * waits out a pause in typing (debounce), needs at least SUGGEST_MIN_LENGTH characters, and a new
 * keystroke drops both the pause and the request in flight (switchMap; the request's AbortSignal
 * fires, so ky stops it). The address form invokes it as a callback actor; the consignee form
 * invokes `nameSuggestionsLogic` the same way, one stream for its surname and its name.
 */
import { fromCallback } from 'xstate'
import { suggestionsResponseSchema, type NamePart, type Suggestion } from '../contract/suggestions'
import type { Http } from './http'
import { lazyModule } from './lazy-module'
import type { SuggestRequest, SuggestStreamOptions, SuggestionStream } from './suggestion-stream'

export type { SuggestRequest, SuggestStreamOptions } from './suggestion-stream'

/** suggestion-stream.ts with RxJS, fetched with the first text typed; a chunk that could not load is asked for again by the next text. */
const loadStreamModule = lazyModule(() => import('./suggestion-stream'))

/** What the field tells the suggestion actor: the text typed (an empty one stops any pending request). */
export interface SuggestQueryEvent {
  type: 'suggest.query'
  text: string
}

/** What the suggestion actor tells the machine that invoked it. */
export interface SuggestionsFoundEvent<T = Suggestion> {
  type: 'suggestions.found'
  suggestions: T[]
}

/**
 * The stream as an invoked callback actor: it takes `suggest.query` events and sends back
 * `suggestions.found`. The pause comes in the input, so the invoking machine names its timing.
 * `requestOf` picks the request for a text (the consignee's: by the field it is typed in); only the
 * latest text's request can still run (switchMap), so it is read when the pause is over.
 * The stream (RxJS, ~7 KB gzipped) loads with the first text typed; the texts typed meanwhile
 * wait for it, the latest going in. A stream that cannot load answers none, as a failed request
 * does (the field still takes what the dealer types), and the next text asks for it again.
 */
function suggestionsCallback<TEvent extends { type: 'suggest.query'; text: string }, T = Suggestion>(requestOf: (event: TEvent) => SuggestRequest<T>) {
  return fromCallback<TEvent, SuggestStreamOptions>(({ sendBack, receive, input }) => {
    let latest: SuggestRequest<T> = () => Promise.resolve([])
    let stream: SuggestionStream | undefined
    let pendingText: string | undefined
    let isStopped = false
    const found = (suggestions: T[]) => sendBack({ type: 'suggestions.found', suggestions })
    const open = () =>
      loadStreamModule().then(
        (module) => {
          if (isStopped || stream) return
          stream = module.openSuggestionStream<T>((query, signal) => latest(query, signal), input, found)
          if (pendingText !== undefined) stream.next(pendingText)
          pendingText = undefined
        },
        () => {
          if (!isStopped) found([])
        },
      )
    receive((event) => {
      latest = requestOf(event)
      if (stream) {
        stream.next(event.text)
      } else {
        pendingText = event.text
        void open()
      }
    })
    return () => {
      isStopped = true
      stream?.stop()
    }
  })
}

export const suggestionsLogic = <T = Suggestion>(request: SuggestRequest<T>) => suggestionsCallback<SuggestQueryEvent, T>(() => request)

/** GET /api/suggest/address/?query= */
export const requestAddressSuggestions =
  (http: Http): SuggestRequest =>
  (query, signal) =>
    http.getUrl('/api/suggest/address/', suggestionsResponseSchema, { query }, signal)

/** GET /api/suggest/name/?query=&part= (a surname or a name). */
export const requestNameSuggestions =
  (http: Http, part: NamePart): SuggestRequest =>
  (query, signal) =>
    http.getUrl('/api/suggest/name/', suggestionsResponseSchema, { query, part }, signal)

/** What the consignee form tells its suggestion actor: the text typed and the field it is typed in. */
export interface NameSuggestQueryEvent {
  type: 'suggest.query'
  text: string
  part: NamePart
}

/**
 * The surname's and the name's suggestions as one stream (GET /api/suggest/name/?query=&part=):
 * a keystroke in either field drops the pause and the request in flight of both, so an answer
 * always belongs to the field typed in last.
 */
export const nameSuggestionsLogic = (http: Http) => suggestionsCallback<NameSuggestQueryEvent>((event) => requestNameSuggestions(http, event.part))
