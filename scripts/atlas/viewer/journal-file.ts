import { JOURNAL_FORMAT, type JournalExport } from '../../../src/services/journal-format'

/** The journal in a dropped file, or why it is not one (the same checks as `npm run journal:replay`). */
export function readJournalFile(text: string): { journal: JournalExport } | { error: string } {
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    return { error: 'The file is not JSON: pick a journal exported from the profile page («Скачать журнал»).' }
  }
  const journal = parsed as Partial<JournalExport> | null
  if (journal === null || typeof journal !== 'object' || journal.format !== JOURNAL_FORMAT || !Array.isArray(journal.entries)) {
    return { error: 'The file is not a journal of the cabinet: pick one exported from the profile page («Скачать журнал»).' }
  }
  if (journal.version !== 1 && journal.version !== 2) {
    return { error: `The journal's format ${String(journal.version)} is unknown to this atlas (it reads 1 and 2).` }
  }
  return { journal: journal as JournalExport }
}
