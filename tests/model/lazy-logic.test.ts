import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, setup, type AnyActorRef, type AnyMachineSnapshot } from 'xstate'
import { codeStates, lazyLogicStates } from '../../src/machines/lazy-logic'
import { unprovidedPromise } from '../../src/machines/machine-support'
import { describeMachinePaths, type EventCases } from '../support/path-testing'

interface WorkerInput {
  greeting: string
}

const workerMachine = setup({ types: {} as { input: WorkerInput; context: WorkerInput } }).createMachine({
  id: 'worker',
  context: ({ input }) => input,
})

/**
 * Both shapes of lazily loaded logic side by side: `worker` waits for its code, then runs the
 * logic of that name (a failure waits for `code.retry`), as the shell's basket and search do;
 * `screen` waits for code taking an input under an id of its own and goes on to a state of its
 * own, and a failure waits to be left, as the screen host and the session's forms do.
 */
const lazyLogicMachine = setup({
  types: {} as { context: { greeting: string }; events: { type: 'code.retry' } },
  actors: {
    loadWorkerCode: unprovidedPromise<void>('loadWorkerCode'),
    worker: workerMachine,
    loadScreenCode: unprovidedPromise<void, { name: string }>('loadScreenCode'),
  },
}).createMachine({
  id: 'lazyLogic',
  context: { greeting: 'Добрый день' },
  type: 'parallel',
  states: {
    worker: {
      initial: 'loadingCode',
      states: lazyLogicStates({
        loading: { description: "The worker's code loads" },
        load: { src: 'loadWorkerCode' },
        failed: { description: 'No worker; code.retry loads it again' },
        retry: { event: 'code.retry', description: 'Try again' },
        run: {
          name: 'worker',
          description: 'The worker runs as the child "worker" (systemId "worker")',
          input: ({ context }: { context: { greeting: string } }) => ({ greeting: context.greeting }),
        },
      }),
    },
    screen: {
      initial: 'loadingCode',
      states: {
        ...codeStates({
          loading: { description: "The screen's code loads" },
          load: { id: 'loadTheScreen', src: 'loadScreenCode', input: { name: 'orders' } },
          loaded: { target: 'started', description: 'The code is there: the screen starts' },
          failed: { description: 'The screen stays unloaded until it is left' },
        }),
        started: { description: 'The screen runs' },
      },
    },
  },
})

const cases: EventCases = {
  'xstate.error.actor.loadWorkerCode': [{ type: 'xstate.error.actor.loadWorkerCode', error: new Error('Failed to fetch dynamically imported module') }],
  'xstate.error.actor.loadTheScreen': [{ type: 'xstate.error.actor.loadTheScreen', error: new Error('Failed to fetch dynamically imported module') }],
}

describeMachinePaths(lazyLogicMachine, {
  cases,
  assertStep: (snapshot: AnyMachineSnapshot) => {
    // the logic runs exactly while its state is active, and the wait for its code exactly while that is
    expect(snapshot.children.worker !== undefined).toBe(snapshot.matches({ worker: 'running' }))
    expect(snapshot.children.loadWorkerCode !== undefined).toBe(snapshot.matches({ worker: 'loadingCode' }))
    expect(snapshot.children.loadTheScreen !== undefined).toBe(snapshot.matches({ screen: 'loadingCode' }))
  },
})

describe('lazy logic beyond the paths', () => {
  it('gives the code loader its input and the logic its own, and runs the logic under its systemId', async () => {
    const loads: string[] = []
    let workerCode = () => Promise.reject<void>(new Error('Failed to fetch dynamically imported module'))
    const actor = createActor(
      lazyLogicMachine.provide({
        actors: {
          loadWorkerCode: fromPromise(() => (loads.push('worker'), workerCode())),
          loadScreenCode: fromPromise(async ({ input }: { input: { name: string } }): Promise<void> => {
            loads.push(input.name)
          }),
        },
      }),
    ).start()
    await vi.waitFor(() => expect(actor.getSnapshot().value).toEqual({ worker: 'codeFailed', screen: 'started' }))
    workerCode = () => Promise.resolve()
    actor.send({ type: 'code.retry' })
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ worker: 'running' })).toBe(true))
    expect(loads).toEqual(['worker', 'orders', 'worker'])
    const worker = actor.system.get('worker') as AnyActorRef | undefined
    expect(worker?.getSnapshot().context).toEqual({ greeting: 'Добрый день' })
    actor.stop()
  })
})
