/**
 * The suggestion stream's RxJS part (issue 22): suggestions.ts loads it with the first text typed,
 * so RxJS is not in the first load of a screen with a suggesting field.
 */
import { Observable, Subject, catchError, map, of, switchMap, timer } from 'rxjs'
import { SUGGEST_MIN_LENGTH, type Suggestion } from '../contract/suggestions'
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
export function suggestions$<T>(
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

/** A running stream: the texts go in with `next`; `stop` drops its pause and its request in flight. */
export interface SuggestionStream {
  next: (text: string) => void
  stop: () => void
}

/** Opens suggestions$ over the texts given to `next`, each answer going to `found`. */
export function openSuggestionStream<T>(request: SuggestRequest<T>, options: SuggestStreamOptions, found: (suggestions: T[]) => void): SuggestionStream {
  const texts = new Subject<string>()
  const subscription = suggestions$(texts, request, options).subscribe(found)
  return { next: (text) => texts.next(text), stop: () => subscription.unsubscribe() }
}
