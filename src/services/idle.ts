/** What a task run at an idle moment learns of it: how long it still lasts, in ms. */
export type IdleMoment = Pick<IdleDeadline, 'timeRemaining'>

/** Runs `task` when the browser is idle (within `timeout` ms), or on the next turn (and with no moment) where there is no idle callback. */
export const whenIdle = (task: (moment?: IdleMoment) => void, timeout = 2_000): void => {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(task, { timeout })
  else setTimeout(task, 0)
}

/** Resolves at the browser's next idle moment (see whenIdle). */
export const nextIdle = (): Promise<void> => new Promise((resolve) => whenIdle(() => resolve()))

/**
 * Resolves in a task of its own, after what the current task still has to do (a message to itself,
 * as React's scheduler does: unlike a timer it is not clamped, and it runs under a test's fake
 * clock too). A phone's main thread is free between the two tasks.
 */
export const nextTask = (): Promise<void> =>
  new Promise((resolve) => {
    const channel = new MessageChannel()
    channel.port1.onmessage = () => {
      channel.port1.close()
      resolve()
    }
    channel.port2.postMessage(null)
  })
