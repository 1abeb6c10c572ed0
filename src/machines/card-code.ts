import { createMachine } from 'xstate'
import { codeStates } from './lazy-logic'
import { unprovidedPromise } from './machine-support'
import type { productCardMachine } from './product-card.machine'

/**
 * The product card's code is not in the first load: a workflow that opens a card (the catalogue,
 * the header search, favourites and needs, the session's card host) waits in `loadingCode` until
 * the app has loaded it, then runs the card in `open`. The app provides both actors (a deferred
 * logic and the promise that loads it); a machine not given them (a test of the workflow alone)
 * runs a card that does nothing.
 */
export const unprovidedProductCard = createMachine({ id: 'productCard' }) as unknown as typeof productCardMachine
export const unprovidedCardCode = unprovidedPromise<void>('loadCardCode')

/** The tags views read to show the wait and the failure, whichever machine opened the card. */
const CARD_CODE_TAGS = { loading: 'cardCodeLoading', failed: 'cardCodeFailed' } as const

export const CARD_CODE_MESSAGES = {
  loading: 'Открываем карточку товара…',
  failed: 'Не удалось открыть карточку товара. Проверьте соединение и попробуйте ещё раз.',
} as const

/**
 * `loadingCode` → `open` (or `codeFailed`), both left by `close`, the machine's own transition
 * that closes the card (the dealer presses ✕ or Escape while the code loads, or closes the message).
 */
export function cardCodeStates<const Close extends object, const Open extends string = 'open'>(close: Close, open: Open = 'open' as Open) {
  const { loadingCode, codeFailed } = codeStates({
    loading: { description: `The card's code loads (it is not in the first load): "${CARD_CODE_MESSAGES.loading}"` },
    load: { src: 'loadCardCode' },
    loaded: { target: open, description: "The card's code is there" },
    failed: { description: `"${CARD_CODE_MESSAGES.failed}" with «Закрыть»` },
  })
  return {
    loadingCode: { ...loadingCode, tags: [CARD_CODE_TAGS.loading], on: { 'card.close': close } },
    codeFailed: { description: codeFailed.description, tags: [CARD_CODE_TAGS.failed], on: { 'card.close': close } },
  }
}

/** Whether the card's code is loading or failed to load (a snapshot of the machine that opens it). */
export function cardCodeStatusOf(snapshot: { hasTag: (tag: string) => boolean }): 'loading' | 'failed' | null {
  if (snapshot.hasTag(CARD_CODE_TAGS.loading)) return 'loading'
  return snapshot.hasTag(CARD_CODE_TAGS.failed) ? 'failed' : null
}
