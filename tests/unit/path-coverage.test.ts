import { assign, createActor, raise, setup } from 'xstate'
import { describe, expect, it } from 'vitest'
import { CoverageRecorder, describeMissing, formatCoverage, isFullCoverage } from '../support/path-coverage'

/**
 * Two transitions for one event and one `always` that differ only in their guard, an `always`
 * taken while the actor starts, a targetless transition and one taken on a raised event: the
 * recorder must tell each of them apart from the states alone being right.
 */
const tinyMachine = setup({
  types: {} as { context: { big: boolean }; events: { type: 'go' } | { type: 'grow' } | { type: 'poke' } | { type: 'recheck' } },
  guards: { isBig: ({ context }) => context.big },
  actions: { grow: assign({ big: true }) },
}).createMachine({
  id: 'tiny',
  initial: 'checking',
  context: { big: false },
  states: {
    checking: { always: [{ guard: 'isBig', target: 'idle' }, { target: 'idle' }] },
    idle: {
      on: {
        go: [{ guard: 'isBig', target: 'done' }, { target: 'done' }],
        grow: { actions: 'grow' },
        poke: { actions: raise({ type: 'recheck' }) },
        recheck: 'checking',
      },
    },
    done: {},
  },
})

const ALL_TRANSITIONS = [
  'tiny.checking#(always) [isBig]→tiny.idle',
  'tiny.checking#(always)→tiny.idle',
  'tiny.idle#go [isBig]→tiny.done',
  'tiny.idle#go→tiny.done',
  'tiny.idle#grow→tiny.idle',
  'tiny.idle#poke→tiny.idle',
  'tiny.idle#recheck→tiny.checking',
]

function run(recorder: CoverageRecorder, events: Array<{ type: 'go' | 'grow' | 'poke' | 'recheck' }>) {
  const actor = createActor(tinyMachine, { inspect: recorder.inspector(tinyMachine) })
  actor.start()
  recorder.recordSnapshot(tinyMachine, actor.getSnapshot())
  for (const event of events) actor.send(event)
  actor.stop()
}

describe('coverage recorder on a tiny machine', () => {
  it('reports less than 100% while a transition is not taken, though every state was', () => {
    const recorder = new CoverageRecorder()
    run(recorder, [{ type: 'go' }])
    const summary = recorder.summary(tinyMachine)
    expect(summary.states).toEqual({ covered: 3, total: 3, missing: [] })
    expect(summary.transitions.total).toBe(ALL_TRANSITIONS.length)
    expect(summary.transitions.missing).toEqual([
      'tiny.checking#(always) [isBig]→tiny.idle',
      'tiny.idle#go [isBig]→tiny.done',
      'tiny.idle#grow→tiny.idle',
      'tiny.idle#poke→tiny.idle',
      'tiny.idle#recheck→tiny.checking',
    ])
    expect(isFullCoverage(summary)).toBe(false)
    expect(formatCoverage('tiny', summary)).toBe('tiny: states 3/3 (100%), transitions 2/7 (28%)')
    expect(describeMissing('tiny', summary)).toContain('  transition tiny.idle#go [isBig]→tiny.done')
  })

  it('counts the guarded twin only on the run whose guard passed', () => {
    const recorder = new CoverageRecorder()
    // grows, then a raised recheck re-runs the `always` with the guard passing, then goes
    run(recorder, [{ type: 'grow' }, { type: 'poke' }, { type: 'go' }])
    expect(recorder.summary(tinyMachine).transitions.missing).toEqual(['tiny.idle#go→tiny.done'])
  })

  it('reaches 100% only once every transition was taken', () => {
    const recorder = new CoverageRecorder()
    run(recorder, [{ type: 'go' }])
    run(recorder, [{ type: 'grow' }, { type: 'poke' }, { type: 'go' }])
    const summary = recorder.summary(tinyMachine)
    expect(summary.transitions).toEqual({ covered: 7, total: 7, missing: [] })
    expect(isFullCoverage(summary)).toBe(true)
  })
})
