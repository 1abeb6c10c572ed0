import type { AnyRouter } from '@tanstack/react-router'
import type { Navigation } from '../machines/shell-links'
import { nextTask, whenIdle } from '../services/idle'

/** The longest a screen's own address change waits for an idle moment. */
const ADDRESS_DELAY_MS = 500

export interface AddressScheduler {
  /** runs the task at the next idle moment, at the latest after `timeout` ms */
  whenIdle: (task: () => void, timeout: number) => void
  /** runs the task first whenever the dealer presses a pointer or a key, before the page handles it */
  beforeInput: (task: () => void) => void
}

/**
 * The page's: idle once no API call is under way (the screen's answer, taken and painted) and the
 * browser has an idle moment; the idle moment alone comes while the answer is on its way.
 */
export const pageScheduler = (whenQuiet: (timeout: number) => Promise<void>): AddressScheduler => ({
  whenIdle: (task, timeout) => void whenQuiet(timeout).then(() => whenIdle(() => task(), timeout)),
  beforeInput: (task) => {
    addEventListener('pointerdown', task, true)
    addEventListener('keydown', task, true)
  },
})

/**
 * The machines' `address.navigate` put into the address bar.
 *
 * Another path (a screen that opens another) is taken in a task of its own, as soon as the current
 * one is done. A new search on the path the dealer is on (a filter click, a page, a sorting, an
 * open card) is what the screen already shows: it waits until the page is idle, so the history entry,
 * the route's matching and its way back as `address.changed` (about 3–20 ms) come after the
 * screen's answer is painted instead of in its way (issue 24, the filter click). Such changes in
 * quick succession make one history entry, the last one's. The dealer's next press or key writes the
 * one waiting first, so a link (a page number, whose address is built from the current one) starts
 * from it; any other navigation meanwhile (back, another path) drops it, so a late write never
 * takes the dealer back.
 */
export function createAddressWriter(router: AnyRouter, scheduler: AddressScheduler): (navigation: Navigation) => void {
  let waiting: { navigation: Navigation; from: string } | undefined
  const writeWaiting = () => {
    const write = waiting
    waiting = undefined
    // the dealer went elsewhere meanwhile
    if (write && router.latestLocation.href === write.from) void router.navigate(write.navigation)
  }
  scheduler.beforeInput(writeWaiting)
  return (navigation) => {
    if (navigation.to !== router.latestLocation.pathname) {
      waiting = undefined
      void nextTask().then(() => router.navigate(navigation))
      return
    }
    if (waiting) {
      // one entry for the lot: a new one if any of them asked for one
      waiting.navigation = { ...navigation, replace: !!waiting.navigation.replace && !!navigation.replace }
      return
    }
    waiting = { navigation, from: router.latestLocation.href }
    scheduler.whenIdle(writeWaiting, ADDRESS_DELAY_MS)
  }
}
