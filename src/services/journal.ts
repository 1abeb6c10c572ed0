/**
 * The journal (architecture §4): its parts under one name for tests, scripts and QA tools. The
 * app imports the inspect hook from journal-hook.ts itself, so that the replay (journal-replay.ts)
 * and the entries' copying (journal-book.ts, loaded at the first idle moment) stay out of the
 * first load.
 */
export { createJournal, type Journal } from './journal-hook'
export type { JournalEntry, JournalExport } from './journal-format'
export { replayJournal, type ReplayedActor } from './journal-replay'
