/**
 * Suggestions as the dealer types (issue 22): an RxJS stream over the field's texts. Each text
 * waits out a pause in typing (debounce), needs at least SUGGEST_MIN_LENGTH characters, and a new
 * keystroke drops both the pause and the request in flight (switchMap; the request's AbortSignal
 * fires, so ky stops it). The address form invokes it as a callback actor; the consignee form
 * invokes `nameSuggestionsLogic` the same way, one stream for its surname and its name.
 */
import { Observable, Subject, catchError, map, of, switchMap, timer } from 'rxjs'
import { fromCallback } from 'xstate'
import { SUGGEST_MIN_LENGTH, suggestionsResponseSchema, type NamePart, type Suggestion } from '../contract/suggestions'
import type { Http } from './http'
import { abortable } from './streams'

/** One request for a text's suggestions; it must stop when the signal aborts. */
export type SuggestRequest<T = Suggestion> = (query: string, signal: AbortSignal) => Promise<T[]>

export interface SuggestStreamOptions {
  debounceMs: number
  minLength?: number
}

/**
 * The suggestions for the latest text: after `debounceMs` without a new text, the request runs;
 * a text shorter than `minLength` answers none at once, without a request. A failed request
 * answers none: the field still takes what the dealer types.
 */
export function suggestions$<T = Suggestion>(
  texts$: Observable<string>,
  request: SuggestRequest<T>,
  { debounceMs, minLength = SUGGEST_MIN_LENGTH }: SuggestStreamOptions,
) {
  return texts$.pipe(
    map((text) => text.trim()),
    switchMap((query) =>
      query.length < minLength
        ? of<T[]>([])
        : timer(debounceMs).pipe(
            switchMap(() => abortable((signal) => request(query, signal))),
            catchError(() => of<T[]>([])),
          ),
    ),
  )
}

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
 */
function suggestionsCallback<TEvent extends { type: 'suggest.query'; text: string }, T = Suggestion>(requestOf: (event: TEvent) => SuggestRequest<T>) {
  return fromCallback<TEvent, SuggestStreamOptions>(({ sendBack, receive, input }) => {
    const texts = new Subject<string>()
    let latest: SuggestRequest<T> = () => Promise.resolve([])
    receive((event) => {
      latest = requestOf(event)
      texts.next(event.text)
    })
    const subscription = suggestions$(texts, (query, signal) => latest(query, signal), input).subscribe((suggestions) =>
      sendBack({ type: 'suggestions.found', suggestions }),
    )
    return () => subscription.unsubscribe()
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
