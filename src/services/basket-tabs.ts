import { filter, map, merge, Observable, skip } from 'rxjs'
import { pageVisible$ } from './streams'

const CHANNEL = 'cabinet.basket'

/**
 * Tabs of one browser tell each other that the basket changed (BroadcastChannel), so a second tab
 * loads the server's basket again instead of showing an old one; a tab that comes back into view
 * does the same, since another device may have changed it.
 */
export function createBasketTabs(channelName = CHANNEL) {
  const open = () => (typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(channelName))
  const sender = open()
  // the listening channel is another object in this same tab, which hears this tab's own messages too
  const tab = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`
  return {
    announce(contract: string): void {
      sender?.postMessage({ contract, tab })
    },
    changes$(contract: string): Observable<void> {
      const others = new Observable<unknown>((subscriber) => {
        const channel = open()
        if (!channel) return undefined
        channel.onmessage = (message: MessageEvent<unknown>) => subscriber.next(message.data)
        return () => channel.close()
      }).pipe(filter((data) => isOtherTabChange(data, contract, tab)))
      const back = pageVisible$().pipe(skip(1), filter(Boolean))
      return merge(others, back).pipe(map(() => undefined))
    },
  }
}
function isOtherTabChange(data: unknown, contract: string, tab: string): boolean {
  if (typeof data !== 'object' || data === null) return false
  const message = data as { contract?: unknown; tab?: unknown }
  return message.contract === contract && message.tab !== tab
}

export type BasketTabs = ReturnType<typeof createBasketTabs>
