import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { allTransitions, stateNodesOf, transitionKey } from '../../scripts/machine-graph'
import { fixtureMachine } from '../support/fixtures/fixture.machine'
import { fixtureOptions } from '../support/fixtures/fixture-paths'
import { CoverageRecorder, formatCoverage, writeCoverageReport } from '../support/path-coverage'
import { describeMachinePaths, generatePaths, pathName, replayPath, serializeEvent } from '../support/path-testing'

// the helper's own proof: every path of the fixture replays, and together they cover it all
const paths = describeMachinePaths(fixtureMachine, { ...fixtureOptions, report: false })

const eventsOf = (p: (typeof paths)[number]) => p.steps.map((s) => s.event.type)
const reaching = (value: unknown) => paths.find((p) => JSON.stringify(p.state.value) === JSON.stringify(value))

describe('generatePaths', () => {
  it('sends invoke, snapshot and delay events and never a done.state event', () => {
    const types = new Set(paths.flatMap(eventsOf))
    expect(types).toContain('xstate.done.actor.loadItem')
    expect(types).toContain('xstate.error.actor.loadItem')
    expect(types).toContain('xstate.snapshot.stock')
    expect(types).toContain('xstate.after.savedMessageMs.fixture.ready.saved')
    expect([...types].some((t) => t.startsWith('xstate.done.state.'))).toBe(false)
  })

  it('keeps no path that is a prefix of another', () => {
    const keys = paths.map((p) => p.steps.map((s) => serializeEvent(s.event)).join('\n') + '\n')
    for (const [i, key] of keys.entries()) {
      expect(keys.filter((other, j) => j !== i && other.startsWith(key))).toEqual([])
    }
  })

  it('reaches the state behind a context guard only with a finer key', () => {
    const coarse = generatePaths(fixtureMachine, { cases: fixtureOptions.cases })
    expect(coarse.some((p) => p.state.value === 'gaveUp')).toBe(false)
    expect(reaching('gaveUp')).toBeDefined()
  })

  it('names a path by its events and end state', () => {
    expect(pathName(reaching('gaveUp')!)).toBe(
      'item.load → xstate.error.actor.loadItem {"error":"Error(503)"} → item.retry → ' +
        'xstate.error.actor.loadItem {"error":"Error(503)"} → item.retry ⇒ "gaveUp"',
    )
  })
})

describe('replayPath', () => {
  const quiet = { ...fixtureOptions, coverage: false } as const

  it('settles each invocation separately and feeds outputs and snapshots to the machine', async () => {
    const path = paths.find((p) => eventsOf(p).includes('xstate.snapshot.stock') && eventsOf(p).includes('item.retry'))
    const seen: unknown[] = []
    await replayPath(fixtureMachine, path!, { ...quiet, assertStep: (s) => seen.push(s.context) })
    expect(seen.at(-1)).toMatchObject({ price: 120, attempts: 1, stock: 7 })
  })

  it('fails at the step where the real machine goes elsewhere', async () => {
    const saved = paths.find((p) => eventsOf(p).includes('xstate.after.savedMessageMs.fixture.ready.saved'))!
    const strict = fixtureMachine.provide({ guards: { isQuantityValid: () => false } })
    await expect(replayPath(strict, saved, quiet)).rejects.toThrow(/step \d+ \(quantity\.set \{"qnt":3\}\)/)
  })

  it('fails clearly when the path settles an actor the machine has not invoked', async () => {
    const loaded = reaching({ ready: 'editing' })!
    const path = { ...loaded, steps: loaded.steps.filter((s) => s.event.type !== 'item.load') }
    await expect(replayPath(fixtureMachine, path, quiet)).rejects.toThrow("the path settles 'loadItem', but the machine has not invoked it")
  })

  it('moves the fake clock by the named delay', async () => {
    const saved = paths.find((p) => eventsOf(p).at(-1) === 'xstate.after.savedMessageMs.fixture.ready.saved')!
    const clock: number[] = []
    await replayPath(fixtureMachine, saved, { ...quiet, assertStep: () => clock.push(Date.now()) })
    expect(clock.at(-1)! - clock.at(-2)!).toBe(1_500)
  })
})

describe('coverage recorder', () => {
  it('counts every state node and every kind of transition of the definition', () => {
    expect(stateNodesOf(fixtureMachine).map((n) => n.id)).toEqual([
      'fixture.idle',
      'fixture.loading',
      'fixture.failed',
      'fixture.gaveUp',
      'fixture.ready',
      'fixture.ready.editing',
      'fixture.ready.checking',
      'fixture.ready.invalid',
      'fixture.ready.saved',
      'fixture.closed',
    ])
    expect(allTransitions(fixtureMachine).map(transitionKey)).toEqual([
      'fixture.idle#item.load→fixture.loading',
      'fixture.loading#xstate.done.actor.loadItem→fixture.ready',
      'fixture.loading#xstate.error.actor.loadItem→fixture.failed',
      'fixture.failed#item.retry [hasAttemptsLeft]→fixture.loading',
      'fixture.failed#item.retry→fixture.gaveUp',
      'fixture.ready#item.close→fixture.closed',
      'fixture.ready#quantity.set→fixture.ready.checking',
      'fixture.ready#xstate.snapshot.stock→fixture.ready',
      'fixture.ready.checking#(always) [isQuantityValid]→fixture.ready.saved',
      'fixture.ready.checking#(always)→fixture.ready.invalid',
      'fixture.ready.saved#xstate.after.savedMessageMs.fixture.ready.saved→fixture.ready.editing',
    ])
  })

  it('names what a partial run missed, including states passed through by always', async () => {
    const recorder = new CoverageRecorder()
    const toInvalid = paths.find((p) => p.steps.some((s) => s.event.type === 'quantity.set' && s.event.qnt === 0))!
    await replayPath(fixtureMachine, toInvalid, { ...fixtureOptions, coverage: recorder })
    const summary = recorder.summary(fixtureMachine)
    expect(summary.states.missing).not.toContain('fixture.ready.checking')
    expect(summary.states.missing).toContain('fixture.gaveUp')
    expect(summary.transitions.missing).toContain('fixture.ready.checking#(always) [isQuantityValid]→fixture.ready.saved')
    expect(summary.transitions.missing).not.toContain('fixture.ready.checking#(always)→fixture.ready.invalid')
    expect(summary.transitions.covered + summary.transitions.missing.length).toBe(summary.transitions.total)
  })

  it('merges into the report file and prints one line per machine', () => {
    const dir = mkdtempSync(join(tmpdir(), 'path-coverage-'))
    const file = join(dir, 'path-coverage.json')
    const other = { states: { covered: 1, total: 2, missing: ['b'] }, transitions: { covered: 0, total: 0, missing: [] } }
    writeFileSync(file, JSON.stringify({ zeta: other }))
    const mine = { states: { covered: 9, total: 9, missing: [] }, transitions: { covered: 21, total: 21, missing: [] } }
    const log = vi.spyOn(console, 'log').mockImplementation(() => {})
    try {
      writeCoverageReport({ session: mine }, file)
      expect(log).toHaveBeenCalledWith('path coverage session: states 9/9 (100%), transitions 21/21 (100%)')
    } finally {
      log.mockRestore()
    }
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ session: mine, zeta: other })
    rmSync(dir, { recursive: true, force: true })
  })

  it('rounds down, so 100% means all', () => {
    const c = { covered: 199, total: 200, missing: ['x'] }
    expect(formatCoverage('m', { states: c, transitions: c })).toBe('m: states 199/200 (99%), transitions 199/200 (99%)')
  })
})
