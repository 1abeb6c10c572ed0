import type { AnyActorRef, AnyEventObject, AnyStateMachine, InspectionEvent } from 'xstate'

/**
 * What the journal's inspect hook (journal.ts, in the first load) shares with the module that
 * turns its notes into entries (journal-book.ts, loaded at the first idle moment): kept small.
 */

/** The public parts of an actor the journal reads (an Actor has them all; ActorRefLike types fewer). */
type RecordedRef = InspectionEvent['actorRef'] & Partial<Pick<AnyActorRef, 'id' | 'src'>> & { systemId?: string }

/** What the inspect hook keeps of a snapshot until the journal has time to copy it: references only. */
export interface Recorded {
  at: Date
  ref: RecordedRef
  logic: AnyStateMachine
  event: AnyEventObject
  snapshot: { value?: unknown; context?: unknown; status?: string }
  /** the actor of the system that sent the event, if one did */
  source: { sessionId: string } | undefined
}

/** the number of the tab's last page load */
export const JOURNAL_LOAD_KEY = 'cabinet.journal.load'

export const isMachine = (logic: unknown): logic is AnyStateMachine => typeof logic === 'object' && logic !== null && 'config' in logic && 'root' in logic
