import type { AnyStateMachine } from 'xstate'
import { machineVersion, type JournalEntry } from '../../../src/services/journal-format'
import { replayJournal, type ReplayedActor } from '../../../src/services/journal-replay'

/** The versions of a machine that recorded a journal and that this atlas was built with. */
interface OlderBuild {
  recorded: string
  current: string
}

/** One actor of a journal as the viewer shows it. */
export interface ViewedActor {
  /** the replay of the journal as it is (`npm run journal:replay`'s check) */
  replayed: ReplayedActor
  /** set when the actor's machine was recorded by another build than the atlas's */
  olderBuild?: OlderBuild
  /**
   * the comparison its steps are marked by: the replay itself, or for another build's actor the
   * replay of the journal stamped with this build's versions (what no longer matches)
   */
  checked: ReplayedActor
}

/**
 * Every actor of a journal, replayed against the atlas's machines. The replay compares nothing of
 * an actor whose machine another build recorded; so those entries are replayed again as if this
 * build had recorded them, to show where the machine as it is now departs from the journal.
 */
export function viewJournal(machines: readonly AnyStateMachine[], entries: readonly JournalEntry[]): ViewedActor[] {
  const replayed = replayJournal(machines, entries)
  const current = new Map(machines.map((machine) => [machine.id, machineVersion(machine)]))
  const older = new Set(replayed.filter((actor) => actor.outcome === 'build').map((actor) => actor.machine))
  if (older.size === 0) return replayed.map((actor) => ({ replayed: actor, checked: actor }))
  const restamped = entries.map((entry) => (older.has(entry.machine) ? { ...entry, version: current.get(entry.machine) } : entry))
  // the same entries in the same order: the actors come back in the same order
  const again = replayJournal(machines, restamped)
  return replayed.map((actor, index) =>
    actor.outcome === 'build'
      ? { replayed: actor, olderBuild: { recorded: actor.entries[0]?.version ?? '?', current: current.get(actor.machine)! }, checked: again[index]! }
      : { replayed: actor, checked: actor },
  )
}
