import { describe, expect, it, vi } from 'vitest'
import { assign, createActor, setup, waitFor } from 'xstate'
import { deferredLogic, loadOnce } from '../../src/app/wiring/deferred-logic'

const counter = setup({ types: {} as { context: { count: number }; input: { start: number } } }).createMachine({
  id: 'counter',
  context: ({ input }) => ({ count: input.start }),
  on: { 'count.up': { actions: assign({ count: ({ context }) => context.count + 1 }) } },
})

describe('loadOnce', () => {
  it('loads once and answers the same promise to every call', async () => {
    const load = vi.fn(() => Promise.resolve('code'))
    const once = loadOnce(load)
    expect(once()).toBe(once())
    await expect(once()).resolves.toBe('code')
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('tries again after a failure', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue('code')
    const once = loadOnce(load)
    await expect(once()).rejects.toThrow('offline')
    await expect(once()).resolves.toBe('code')
    expect(load).toHaveBeenCalledTimes(2)
  })
})

describe('deferredLogic', () => {
  it('runs the loaded machine once its code is there: input, events and snapshots are its own', async () => {
    const deferred = deferredLogic(() => Promise.resolve(counter))
    await deferred.load()
    const actor = createActor(deferred.logic, { input: { start: 2 } }).start()
    actor.send({ type: 'count.up' })
    expect(actor.getSnapshot().context.count).toBe(3)
    expect(actor.getSnapshot().machine).toBe(counter)
    // what reads the logic itself sees the machine (the journal keeps the machine's id)
    expect('config' in deferred.logic && deferred.logic.id).toBe('counter')
    actor.stop()
  })

  it('runs as a machine child reached through the actor system', async () => {
    const deferred = deferredLogic(() => Promise.resolve(counter))
    const parent = setup({ actors: { counter } }).createMachine({
      initial: 'waiting',
      states: {
        waiting: { on: { 'code.loaded': 'running' } },
        running: { invoke: { id: 'counter', src: 'counter', systemId: 'counter', input: { start: 10 } } },
      },
    })
    const actor = createActor(parent.provide({ actors: { counter: deferred.logic } })).start()
    await deferred.load()
    actor.send({ type: 'code.loaded' })
    actor.system.get('counter')?.send({ type: 'count.up' })
    await waitFor(actor, (snapshot) => snapshot.children.counter?.getSnapshot().context.count === 11)
    actor.stop()
  })

  it('fails loudly when started before its code loaded', () => {
    const deferred = deferredLogic(() => new Promise<typeof counter>(() => {}))
    const snapshot = createActor(deferred.logic, { input: { start: 0 } }).getSnapshot()
    expect(snapshot.status).toBe('error')
    expect(String(snapshot.error)).toMatch('before its code loaded')
  })
})
