import type { AnyStateMachine, ContextFrom } from 'xstate'
import type { AppStorage } from './storage'

/** A short hash of the machine's definition: a snapshot kept by another version of the machine is not read. */
export function machineVersion(machine: AnyStateMachine): string {
  const text = JSON.stringify(machine.definition)
  let hash = 0x811c9dc5
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index)
    hash = Math.imul(hash, 0x01000193)
  }
  return (hash >>> 0).toString(36)
}

export interface SnapshotKeeping<TMachine extends AnyStateMachine> {
  storage: AppStorage
  key: string
  /** what of the context may be stored: never a secret */
  mask: (context: ContextFrom<TMachine>) => unknown
}

interface Kept {
  version: string
  snapshot: { context?: unknown }
}

const isKept = (value: unknown): value is Kept =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Kept).version === 'string' &&
  typeof (value as Kept).snapshot === 'object' &&
  (value as Kept).snapshot !== null

/**
 * The context of the snapshot kept under `key` by this version of the machine, or null. A snapshot
 * of another version, or anything unparsable, is removed.
 */
export function readKeptContext(machine: AnyStateMachine, storage: AppStorage, key: string): unknown {
  const text = storage.read(key)
  if (text === null) return null
  try {
    const kept: unknown = JSON.parse(text)
    if (isKept(kept) && kept.version === machineVersion(machine)) return kept.snapshot.context ?? null
  } catch {
    // unparsable: dropped below
  }
  storage.remove(key)
  return null
}

/**
 * The machine, storing its persisted snapshot under `key` after every transition while it runs:
 * `{ version, snapshot }`, the context masked and the children left out (an invoked call's input
 * may hold what the mask drops). A run that ended (the form was sent) forgets it.
 */
export function keepingSnapshots<TMachine extends AnyStateMachine>(machine: TMachine, { storage, key, mask }: SnapshotKeeping<TMachine>): TMachine {
  const version = machineVersion(machine)
  const keeping = Object.create(machine) as TMachine
  keeping.transition = (snapshot, event, scope) => {
    const next = machine.transition(snapshot, event, scope)
    if (next.status === 'active') {
      const persisted = machine.getPersistedSnapshot(next) as object
      storage.write(key, JSON.stringify({ version, snapshot: { ...persisted, children: {}, context: mask(next.context as ContextFrom<TMachine>) } }))
    } else storage.remove(key)
    return next
  }
  return keeping
}
