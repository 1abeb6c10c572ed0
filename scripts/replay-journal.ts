import { readFileSync } from 'node:fs'
import { replayJournal, type JournalExport } from '../src/services/journal'
import { loadMachineFiles } from './machine-files'

/**
 * npm run journal:replay -- <file.json>   replays a journal exported from the profile page
 * against the machines of src/machines and prints, per actor, whether it went through the same
 * states; exits 1 on the first actor that departs (with the event where it did).
 */
const path = process.argv[2]
if (!path) {
  console.error('Укажите файл журнала: npm run journal:replay -- cabinet-journal-….json')
  process.exit(2)
}
let journal: JournalExport
try {
  journal = JSON.parse(readFileSync(path, 'utf8')) as JournalExport
  if (journal.format !== 'cabinet-journal' || !Array.isArray(journal.entries)) throw new Error('это не журнал кабинета')
} catch (error) {
  console.error(`Не удалось прочитать ${path}: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(2)
}

const machines = (await loadMachineFiles()).flatMap((file) => file.machines)
const replayed = replayJournal(machines, journal.entries)
let departed = 0
for (const actor of replayed) {
  if (actor.mismatchAt === undefined) {
    console.log(`ok    ${actor.machine} (${actor.actor}): ${actor.entries.length} events, same states`)
    continue
  }
  departed += 1
  const entry = actor.entries[actor.mismatchAt]!
  console.log(`DIFF  ${actor.machine} (${actor.actor}): after ${entry.event.type} at ${entry.at}`)
  console.log(`      journal: ${JSON.stringify(entry.value)}`)
  console.log(`      replay:  ${JSON.stringify(actor.values[actor.mismatchAt])}`)
}
const skipped = new Set(journal.entries.map((entry) => entry.actor)).size - replayed.length
console.log(`${replayed.length} actors replayed, ${departed} departed, ${skipped} skipped (started before the journal's window)`)
process.exit(departed > 0 ? 1 : 0)
