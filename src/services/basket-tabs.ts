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
    /**
     * Calls `onChange` for each change of `contract`'s basket elsewhere; the returned function
     * stops it. The listening streams (rxjs) load on the first watch, so not before the first paint.
     */
    watch(contract: string, onChange: () => void): () => void {
      let stopped = false
      let unsubscribe = () => {}
      import('./basket-tab-changes').then(
        ({ otherTabChanges$ }) => {
          if (stopped) return
          const subscription = otherTabChanges$({ open, contract, tab }).subscribe(onChange)
          unsubscribe = () => subscription.unsubscribe()
        },
        // the module failed to load (offline, a new deploy): the basket still loads on each visit
        () => undefined,
      )
      return () => {
        stopped = true
        unsubscribe()
      }
    },
  }
}

export type BasketTabs = ReturnType<typeof createBasketTabs>
