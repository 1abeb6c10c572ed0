import { describe, expect, it } from 'vitest'
import { createActor, createMachine } from 'xstate'
import { createUnauthorizedSignal } from '../../src/services/auth'

describe('a 401 as the session hears it', () => {
  it('sends session.expired to whoever invokes the watch, and nothing once it stopped', () => {
    const signal = createUnauthorizedSignal()
    const heard: string[] = []
    const listener = createMachine({
      invoke: { src: 'watch' },
      on: { 'session.expired': { actions: ({ event }) => void heard.push(event.type) } },
    }).provide({ actors: { watch: signal.watch } })
    const actor = createActor(listener).start()
    signal.notify()
    expect(heard).toEqual(['session.expired'])
    actor.stop()
    signal.notify()
    expect(heard).toEqual(['session.expired'])
  })
})
