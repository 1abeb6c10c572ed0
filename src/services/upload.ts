import type * as z from 'zod/mini'
import { apiErrorSchema } from '../contract/common'
import { toObserver, type Observer, type Subscribable } from 'xstate'
import { NETWORK_ERROR_MESSAGE, UNEXPECTED_ANSWER_MESSAGE } from './http'

/** What an upload tells the machine that invoked it: the bytes sent so far, then its end. */
export type UploadEvent<T> =
  | { type: 'upload.progress'; loaded: number; total: number }
  | { type: 'upload.done'; answer: T }
  /** status 0: no answer came (no connection); otherwise the server's status and message */
  | { type: 'upload.failed'; status: number; message: string }

/** The part of XMLHttpRequest an upload uses (tests give a fake one). */
export type UploadRequest = Pick<XMLHttpRequest, 'open' | 'send' | 'abort' | 'setRequestHeader' | 'status' | 'responseText' | 'upload' | 'onload' | 'onerror'>

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** The event for a finished request: its answer parsed by the schema, or the server's message with the status. */
function finishedEvent<S extends z.ZodMiniType>(request: UploadRequest, schema: S): UploadEvent<z.output<S>> {
  const body = parseJson(request.responseText)
  if (request.status >= 200 && request.status < 300) {
    const parsed = schema.safeParse(body)
    return parsed.success
      ? { type: 'upload.done', answer: parsed.data }
      : { type: 'upload.failed', status: request.status, message: UNEXPECTED_ANSWER_MESSAGE }
  }
  const error = apiErrorSchema.safeParse(body)
  return { type: 'upload.failed', status: request.status, message: error.success ? error.data.message : `Ошибка сервера (${request.status})` }
}

/** A stream made by `produce`, which returns its teardown; no event goes out once it has ended or been unsubscribed. */
function stream<T>(produce: (observer: Required<Pick<Observer<T>, 'next' | 'error' | 'complete'>>) => () => void): Subscribable<T> {
  return {
    subscribe: (observerOrNext?: Observer<T> | ((value: T) => void), error?: (error: unknown) => void, complete?: () => void) => {
      const observer = toObserver(observerOrNext, error, complete)
      let isClosed = false
      const teardown = produce({
        next: (value) => {
          if (!isClosed) observer.next?.(value)
        },
        error: (reason: unknown) => {
          if (isClosed) return
          isClosed = true
          observer.error?.(reason)
        },
        complete: () => {
          if (isClosed) return
          isClosed = true
          observer.complete?.()
        },
      })
      return {
        unsubscribe: () => {
          isClosed = true
          teardown()
        },
      }
    },
  }
}

/** A stream that fails at once with `reason` (an upload that cannot start). */
export const uploadRefused$ = <T>(reason: Error): Subscribable<T> =>
  stream<T>((observer) => {
    observer.error(reason)
    return () => undefined
  })

/**
 * POSTs a form and reports the bytes sent as they go: ky (fetch) cannot tell upload progress, an
 * XMLHttpRequest can. Unsubscribing (the machine leaves the uploading state) aborts the request.
 * `onStatus` hears every answer's status before its event goes out (a 401 signs the dealer out,
 * as a 401 of any ky call does). A plain subscribable, not RxJS: the consignee form's chunk needs
 * no RxJS for it.
 */
export function upload$<S extends z.ZodMiniType>(
  url: string,
  form: FormData,
  schema: S,
  createRequest: () => UploadRequest = () => new XMLHttpRequest(),
  onStatus: (status: number) => void = () => undefined,
): Subscribable<UploadEvent<z.output<S>>> {
  return stream((subscriber) => {
    const request = createRequest()
    let finished = false
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) subscriber.next({ type: 'upload.progress', loaded: event.loaded, total: event.total })
    }
    request.onload = () => {
      finished = true
      onStatus(request.status)
      subscriber.next(finishedEvent(request, schema))
      subscriber.complete()
    }
    request.onerror = () => {
      finished = true
      subscriber.next({ type: 'upload.failed', status: 0, message: NETWORK_ERROR_MESSAGE })
      subscriber.complete()
    }
    request.open('POST', url)
    request.setRequestHeader('accept', 'application/json')
    request.send(form)
    return () => {
      if (!finished) request.abort()
    }
  })
}
