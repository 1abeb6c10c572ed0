import { filter, map, merge, Observable, skip } from 'rxjs'
import { pageVisible$ } from './streams'

export interface TabChangesInput {
  /** a new listening channel, or null where the browser has no BroadcastChannel */
  open: () => BroadcastChannel | null
  contract: string
  /** this tab's id: its own messages come back to it and are not a change */
  tab: string
}

/** One value each time another tab changed the basket of `contract`, or this tab came back into view. */
export function otherTabChanges$({ open, contract, tab }: TabChangesInput): Observable<void> {
  const others = new Observable<unknown>((subscriber) => {
    const channel = open()
    if (!channel) return undefined
    channel.onmessage = (message: MessageEvent<unknown>) => subscriber.next(message.data)
    return () => channel.close()
  }).pipe(filter((data) => isOtherTabChange(data, contract, tab)))
  const back = pageVisible$().pipe(skip(1), filter(Boolean))
  return merge(others, back).pipe(map(() => undefined))
}

function isOtherTabChange(data: unknown, contract: string, tab: string): boolean {
  if (typeof data !== 'object' || data === null) return false
  const message = data as { contract?: unknown; tab?: unknown }
  return message.contract === contract && message.tab !== tab
}
