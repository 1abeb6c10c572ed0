import { getStateNodes, type AnyMachineSnapshot, type AnyStateMachine, type AnyStateNode, type ContextFrom, type InputFrom, type StateValue } from 'xstate'
import type { AppStorage } from './storage'

export interface PersistOptions<TMachine extends AnyStateMachine> {
  /** where the snapshot is kept (this tab's sessionStorage in the app), by the actor's input */
  key: (input: InputFrom<TMachine>) => string
  storage: Pick<AppStorage, 'read' | 'write' | 'remove'>
  /** context fields not kept: after a reload they are what the machine starts with for its input */
  mask?: readonly (keyof ContextFrom<TMachine> & string)[]
  /** nothing is in flight here (e.g. the dialog is closed): the stored snapshot is removed */
  isAtRest?: (snapshot: AnyMachineSnapshot) => boolean
  /**
   * invoked actors (by id) that are no call but a stream started afresh on resume (the address
   * field's suggestions): their states are kept, and a resumed snapshot gets them running
   */
  restarts?: readonly string[]
}

/** What is kept: the machine's version, its state value and the context without the masked fields. */
interface Stored {
  version: string
  value: unknown
  context: Record<string, unknown>
}

/** FNV-1a over the text: a short, stable version of a machine's definition. */
export function versionOf(text: string): string {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193)
  return (hash >>> 0).toString(36)
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

const invokesOf = (snapshot: AnyMachineSnapshot) =>
  getStateNodes(snapshot.machine.root, snapshot.value as StateValue).flatMap((node: AnyStateNode) => node.invoke.map((invoke) => invoke.id))

/** A state whose own actor (a call) runs: what it waits for cannot be resumed, so it is not kept. */
const waitsOnCall = (snapshot: AnyMachineSnapshot, restarts: readonly string[]): boolean => invokesOf(snapshot).some((id) => !restarts.includes(id))

function persistence<TMachine extends AnyStateMachine>(machine: TMachine, options: PersistOptions<TMachine>) {
  const { storage, mask = [], isAtRest = () => false, restarts = [] } = options
  let version: string | undefined
  const currentVersion = () => (version ??= versionOf(JSON.stringify(machine.definition)))

  const read = (key: string): Stored | null => {
    try {
      const parsed: unknown = JSON.parse(storage.read(key) ?? 'null')
      if (!isRecord(parsed) || parsed.version !== currentVersion() || !isRecord(parsed.context) || parsed.value === undefined) return null
      return { version: currentVersion(), value: parsed.value, context: parsed.context }
    } catch {
      return null
    }
  }

  const keep = (key: string, snapshot: AnyMachineSnapshot) => {
    if (snapshot.status !== 'active' || isAtRest(snapshot)) return storage.remove(key)
    if (waitsOnCall(snapshot, restarts)) return
    const context = Object.fromEntries(Object.entries(snapshot.context as Record<string, unknown>).filter(([field]) => !mask.includes(field as never)))
    storage.write(key, JSON.stringify({ version: currentVersion(), value: snapshot.value, context } satisfies Stored))
  }

  /** The machine's own context for this input: the masked fields' values. */
  const freshContext = (input: unknown, self: unknown): Record<string, unknown> => {
    const context: unknown = machine.config.context
    const made: unknown =
      typeof context === 'function'
        ? (context as (args: { input: unknown; self: unknown; spawn: () => never }) => unknown)({
            input,
            self,
            spawn: () => {
              throw new Error('a persisted machine cannot spawn in its context')
            },
          })
        : context
    return isRecord(made) ? made : {}
  }

  /** The stored snapshot for this input resolved by the machine, or null (none, another version, garbage). */
  const resumed = (input: InputFrom<TMachine>, self?: unknown): AnyMachineSnapshot | null => {
    const stored = read(options.key(input))
    if (!stored) return null
    try {
      const snapshot = machine.resolveState({ value: stored.value as never, context: { ...freshContext(input, self), ...stored.context } as never })
      return snapshot.status === 'active' && !waitsOnCall(snapshot, restarts) && !isAtRest(snapshot) ? snapshot : null
    } catch {
      return null
    }
  }

  /**
   * The resumed snapshot with the streams of `restarts` its states invoke: a snapshot resolved from
   * storage enters no state, so they come from the machine's own start (whose others are dropped).
   */
  const withRestarted = (resumedSnapshot: AnyMachineSnapshot, fresh: AnyMachineSnapshot): AnyMachineSnapshot => {
    const wanted = invokesOf(resumedSnapshot).filter((id) => restarts.includes(id))
    const children = Object.fromEntries(Object.entries(fresh.children as Record<string, unknown>).filter(([id]) => wanted.includes(id)))
    return { ...resumedSnapshot, children } as AnyMachineSnapshot
  }

  return { keep, resumed, withRestarted }
}

/**
 * A machine whose snapshot outlives a reload of the tab: the actor logic is the machine itself
 * (the journal and the diagrams see it; a parent provides it in the machine's place), except that
 *
 * - on start it reads the stored snapshot; one of this machine's version, parsable and resolvable,
 *   is resumed (its value, its context over the masked fields' fresh values); any other is removed
 *   and the machine starts as usual;
 * - after each step it stores `{ version, value, context }` (masked fields dropped), or removes it
 *   once the machine is at rest, done or stopped (its parent left the state that ran it). A state
 *   that waits on a call is not stored: the last one before it stays, so a reload shows the form
 *   as the dealer sent it and nothing is sent again by itself. A stream named in `restarts` is no
 *   call: it runs again in the resumed snapshot.
 *
 * The version is a hash of the machine's definition: another build's snapshot is dropped.
 */
export function persisted<TMachine extends AnyStateMachine>(machine: TMachine, options: PersistOptions<TMachine>): TMachine {
  const { keep, resumed, withRestarted } = persistence(machine, options)
  const keys = new WeakMap<object, string>()
  const logic = Object.create(machine) as TMachine
  return Object.assign(logic, {
    getInitialSnapshot: (actorScope: Parameters<TMachine['getInitialSnapshot']>[0], input: InputFrom<TMachine>) => {
      const key = options.key(input)
      keys.set(actorScope.self, key)
      const resumedSnapshot = resumed(input, actorScope.self)
      if (resumedSnapshot && !options.restarts?.length) return resumedSnapshot
      const snapshot = machine.getInitialSnapshot(actorScope, input) as AnyMachineSnapshot
      if (resumedSnapshot) return withRestarted(resumedSnapshot, snapshot)
      keep(key, snapshot)
      return snapshot
    },
    transition: (snapshot: AnyMachineSnapshot, event: Parameters<TMachine['transition']>[1], actorScope: Parameters<TMachine['transition']>[2]) => {
      const next = machine.transition(snapshot, event, actorScope) as AnyMachineSnapshot
      const key = keys.get(actorScope.self)
      if (key !== undefined) keep(key, next)
      return next
    },
  })
}

/** Whether an actor of `persisted(machine, options)` started with this input resumes a stored snapshot (a parent decides on it whether to run one). */
export const canResume = <TMachine extends AnyStateMachine>(machine: TMachine, options: PersistOptions<TMachine>, input: InputFrom<TMachine>): boolean =>
  persistence(machine, options).resumed(input) !== null
