import { closeSync, existsSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { AnyMachineSnapshot, AnyStateMachine, InspectionEvent } from 'xstate'
import { activeStateNodes, allTransitions, stateNodesOf, targetsOf, transitionKey } from '../../scripts/machine-graph'
import { TakenTransitions } from './taken-transitions'

interface CoverageCount {
  covered: number
  total: number
  missing: string[]
}
export interface MachineCoverage {
  states: CoverageCount
  transitions: CoverageCount
}
export type CoverageReport = Record<string, MachineCoverage>

export const DEFAULT_REPORT_FILE = fileURLToPath(new URL('../../reports/path-coverage.json', import.meta.url))

interface Tally {
  machine: AnyStateMachine
  states: Set<string>
  transitions: Set<string>
}

/**
 * Records which state nodes and transitions of a machine real actors went through.
 * Denominators come from the definition (every state node below the root, every
 * transition incl. `always`, `after`, invoke onDone/onError/onSnapshot and targetless ones);
 * numerators from the inspection stream: each microstep's snapshot gives the states, and
 * TakenTransitions works out from the snapshot before it which transitions it took.
 */
export class CoverageRecorder {
  private readonly tallies = new Map<string, Tally>()

  /**
   * An `inspect` callback for `createActor` (one per actor: it follows that actor's
   * snapshots) that records what the root actor does. `input` is the actor's input.
   */
  inspector(machine: AnyStateMachine, input?: unknown): (event: InspectionEvent) => void {
    const tally = this.tally(machine)
    const taken = new TakenTransitions(machine, input)
    return (ev) => {
      if (ev.actorRef.sessionId !== ev.rootId) return
      if (ev.type === '@xstate.snapshot') taken.settled(ev.snapshot as AnyMachineSnapshot)
      if (ev.type !== '@xstate.microstep') return
      const step = taken.microstep(ev.event, ev.snapshot as AnyMachineSnapshot)
      for (const t of step.transitions) {
        tally.transitions.add(transitionKey(t))
        // a state left again inside the same macrostep shows only as a source or target
        for (const node of [t.source, ...targetsOf(t)]) tally.states.add(node.id)
      }
      for (const snapshot of step.snapshots) this.addNodes(tally, snapshot)
    }
  }

  /** Records the states of a snapshot (the initial one carries no microstep). */
  recordSnapshot(machine: AnyStateMachine, snapshot: AnyMachineSnapshot): void {
    this.addNodes(this.tally(machine), snapshot)
  }

  summary(machine: AnyStateMachine): MachineCoverage {
    const tally = this.tally(machine)
    return {
      states: count(
        stateNodesOf(machine).map((n) => n.id),
        tally.states,
      ),
      transitions: count(allTransitions(machine).map(transitionKey), tally.transitions),
    }
  }

  /** Coverage of every machine recorded so far. */
  report(): CoverageReport {
    return Object.fromEntries([...this.tallies].map(([id, t]) => [id, this.summary(t.machine)]))
  }

  reset(): void {
    this.tallies.clear()
  }

  private tally(machine: AnyStateMachine): Tally {
    let tally = this.tallies.get(machine.id)
    if (!tally) {
      tally = { machine, states: new Set(), transitions: new Set() }
      this.tallies.set(machine.id, tally)
    }
    return tally
  }

  private addNodes(tally: Tally, snapshot: AnyMachineSnapshot): void {
    for (const node of activeStateNodes(tally.machine, snapshot)) tally.states.add(node.id)
  }
}

function count(all: string[], seen: Set<string>): CoverageCount {
  const unique = [...new Set(all)]
  const missing = unique.filter((key) => !seen.has(key))
  return { covered: unique.length - missing.length, total: unique.length, missing }
}

/** The recorder shared by every path test in this test file (vitest isolates files). */
export const pathCoverage = new CoverageRecorder()

function percent({ covered, total }: CoverageCount): number {
  return total === 0 ? 100 : Math.floor((covered / total) * 100)
}

const part = (name: string, c: CoverageCount) => `${name} ${c.covered}/${c.total} (${percent(c)}%)`

/** 'session: states 9/9 (100%), transitions 21/21 (100%)' */
export function formatCoverage(machineId: string, c: MachineCoverage): string {
  return `${machineId}: ${part('states', c.states)}, ${part('transitions', c.transitions)}`
}

export function isFullCoverage(c: MachineCoverage): boolean {
  return c.states.missing.length === 0 && c.transitions.missing.length === 0
}

/** The failure message for less than 100%: every missing state and transition, one a line. */
export function describeMissing(machineId: string, c: MachineCoverage): string {
  const lines = [...c.states.missing.map((id) => `  state ${id}`), ...c.transitions.missing.map((key) => `  transition ${key}`)]
  return `${formatCoverage(machineId, c)}; not covered:\n${lines.join('\n')}`
}

/**
 * Merges `report` into the JSON file (other test files write other machines; an entry for
 * the same machine is replaced) and prints one line per machine in `report`.
 */
export function writeCoverageReport(report: CoverageReport, file = DEFAULT_REPORT_FILE): CoverageReport {
  const merged = mergeIntoJsonFile(file, report)
  for (const [id, c] of Object.entries(report)) console.log(`path coverage ${formatCoverage(id, c)}`)
  return merged
}

/** Merges `entries` by machine id into the JSON file (an entry for the same machine is replaced). */
export function mergeIntoJsonFile<T>(file: string, entries: Record<string, T>): Record<string, T> {
  mkdirSync(dirname(file), { recursive: true })
  return withFileLock(`${file}.lock`, () => {
    const previous = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, T>) : {}
    const next = sortKeys({ ...previous, ...entries })
    const tmp = `${file}.${process.pid}.tmp`
    writeFileSync(tmp, `${JSON.stringify(next, null, 2)}\n`)
    renameSync(tmp, file)
    return next
  })
}

const sortKeys = <T>(r: Record<string, T>): Record<string, T> => Object.fromEntries(Object.entries(r).sort(([a], [b]) => a.localeCompare(b)))

/** Test files run in parallel processes; a lock file keeps their read-merge-write apart. */
function withFileLock<T>(lock: string, work: () => T): T {
  // counted, not timed: the caller may still have fake timers on
  for (let attempt = 0; ; attempt++) {
    try {
      closeSync(openSync(lock, 'wx'))
      break
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
      // a lock held for 5 s was left by a crashed run: take it over
      if (attempt > 250) break
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20)
    }
  }
  try {
    return work()
  } finally {
    rmSync(lock, { force: true })
  }
}
