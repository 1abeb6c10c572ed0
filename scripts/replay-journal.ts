import { readFileSync } from 'node:fs'
import { replayJournal, type JournalExport, type ReplayedActor } from '../src/services/journal'
import { loadMachineFiles } from './machine-files'

/**
 * npm run journal:replay -- <file.json>   replays a journal exported from the profile page
 * against the machines of src/machines, each session as one actor system (journal-replay.ts), and
 * prints per actor: ok (same states and contexts), DIFF (the first entry where it departs, its
 * event and what differs), build (recorded by another build of the machine) or skipped.
 * Exit codes: 0 all equal, 1 an actor departed, 3 none departed but some were recorded by another
 * build, 2 the file is not a journal. A format-1 journal (no parents, no contexts) is compared by
 * state values only, each actor alone.
 */
const DEPARTED = 1
const UNREADABLE = 2
const ANOTHER_BUILD = 3

const path = process.argv[2]
if (!path) {
  console.error('Укажите файл журнала: npm run journal:replay -- cabinet-journal-….json')
  process.exit(UNREADABLE)
}
let journal: JournalExport
try {
  journal = JSON.parse(readFileSync(path, 'utf8')) as JournalExport
  if (journal.format !== 'cabinet-journal' || !Array.isArray(journal.entries)) throw new Error('это не журнал кабинета')
  if (journal.version !== 1 && journal.version !== 2) throw new Error(`формат журнала ${String(journal.version)} не знаком этой версии (знакомы 1 и 2)`)
} catch (error) {
  console.error(`Не удалось прочитать ${path}: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(UNREADABLE)
}
if (journal.version === 1) console.log('journal format 1: no parents and no contexts, state values compared actor by actor')

const json = (value: unknown) => JSON.stringify(value) ?? 'undefined'
const label = (actor: ReplayedActor) =>
  `${actor.machine} (${actor.actor}${actor.parent ? `, child '${actor.id ?? '?'}' of ${actor.parent}${actor.standalone ? ', replayed alone' : ''}` : ''})`

const machines = (await loadMachineFiles()).flatMap((file) => file.machines)
const replayed = replayJournal(machines, journal.entries)
for (const actor of replayed) {
  const { departure } = actor
  if (actor.outcome === 'equal') {
    const compared = journal.version === 1 ? 'same states' : 'same states and contexts'
    console.log(`ok       ${label(actor)}: ${actor.entries.length} entries, ${compared}`)
  } else if (actor.outcome === 'build') console.log(`build    ${label(actor)}: ${actor.note}`)
  else if (actor.outcome === 'skipped') console.log(`skipped  ${label(actor)}: ${actor.note}`)
  else if (departure) {
    const at = actor.entries[actor.mismatchAt ?? 0]?.at
    console.log(`DIFF     ${label(actor)}: entry ${departure.entryIndex} (${departure.event} at ${at}), ${departure.part} differs`)
    console.log(`         journal: ${json(departure.journal)}`)
    console.log(`         replay:  ${json(departure.replay)}`)
  }
}
const count = (outcome: ReplayedActor['outcome']) => replayed.filter((actor) => actor.outcome === outcome).length
console.log(
  `${replayed.length} actors: ${count('equal')} equal, ${count('departed')} departed, ${count('build')} recorded by another build, ${count('skipped')} skipped`,
)
process.exit(count('departed') > 0 ? DEPARTED : count('build') > 0 ? ANOTHER_BUILD : 0)
