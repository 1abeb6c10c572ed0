import { fromPromise, type NonReducibleUnknown } from 'xstate'

/**
 * Promise logic standing in for a real actor until `.provide()` replaces it (services in the
 * app, fakes in tests); it fails loudly when someone forgets.
 */
export const unprovidedPromise = <Output, Input = NonReducibleUnknown>(name: string) =>
  fromPromise<Output, Input>(() => Promise.reject(new Error(`${name} is not provided`)))

export const FALLBACK_ERROR_MESSAGE = 'Не удалось выполнить запрос. Повторите попытку.'

/** The Russian message of a failed call (services throw errors carrying the server's text). */
export const errorMessageOf = (error: unknown): string => (error instanceof Error && error.message ? error.message : FALLBACK_ERROR_MESSAGE)
