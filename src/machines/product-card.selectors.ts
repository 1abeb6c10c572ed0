import type { SnapshotFrom } from 'xstate'
import { TAB_IDS, type AsyncTabId } from '../contract/product'
import type { productCardMachine, TabId } from './product-card.machine'

type ProductCardSnapshot = SnapshotFrom<typeof productCardMachine>

const TAB_ORDER: readonly TabId[] = Object.values(TAB_IDS)

export const isCardLoading = (snapshot: ProductCardSnapshot): boolean => snapshot.matches('loading')

/** The server's message while the card failed to load, else null. */
export const cardErrorOf = (snapshot: ProductCardSnapshot): string | null => (snapshot.matches('failed') ? snapshot.context.errorMessage : null)

export const isWishSaving = (snapshot: ProductCardSnapshot): boolean => snapshot.matches({ loaded: { wish: 'saving' } })

export const isWishFailed = (snapshot: ProductCardSnapshot): boolean => snapshot.matches({ loaded: { wish: 'failed' } })

/** The open tab; the characteristics before the card has loaded. */
export const selectedTabOf = (snapshot: ProductCardSnapshot): TabId => TAB_ORDER.find((tab) => snapshot.matches({ loaded: { tabs: tab } })) ?? TAB_IDS.params

/** What an async tab shows: its loader, its data or its failure. */
export const asyncTabViewOf = (snapshot: ProductCardSnapshot, tab: AsyncTabId): 'loading' | 'loaded' | 'failed' => {
  if (snapshot.matches({ loaded: { tabs: { [tab]: 'failed' } } })) return 'failed'
  return snapshot.matches({ loaded: { tabs: { [tab]: 'loaded' } } }) ? 'loaded' : 'loading'
}
