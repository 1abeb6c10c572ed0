import { describe, expect, it } from 'vitest'
import { journalExportSchema } from '../../src/contract/problem-report-request'
import type { JournalEntry } from '../../src/services/journal-format'
import { recentJournal } from '../../src/services/problem-report-send'

const NOW = new Date('2026-11-27T10:00:00.000Z')
const minutesAgo = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000).toISOString()

const entry = (minutes: number, actor: string, type: string, context?: unknown): JournalEntry => ({
  at: minutesAgo(minutes),
  actor,
  machine: 'basket',
  event: { type },
  value: 'idle',
  ...(context === undefined ? {} : { context }),
})

describe('recentJournal: what «Сообщить о проблеме» sends', () => {
  it('keeps the entries of the last 30 minutes in order, as the export writes them', () => {
    const entries = [entry(45, 'p1:x:1', 'old', { n: 1 }), entry(30, 'p1:x:1', 'edge', { n: 2 }), entry(5, 'p1:x:2', 'new', { m: 1 })]
    const journal = recentJournal(entries, NOW)
    expect(journalExportSchema.parse(journal)).toEqual(journal)
    expect(journal).toMatchObject({ format: 'cabinet-journal', version: 2, exportedAt: NOW.toISOString() })
    expect(journal.entries.map((each) => each.event.type)).toEqual(['edge', 'new'])
  })

  it('writes in the context an actor’s first kept entry left out (unchanged since an older entry), and only there', () => {
    const entries = [entry(40, 'p1:x:1', 'init', { n: 1 }), entry(20, 'p1:x:1', 'same'), entry(10, 'p1:x:1', 'same again')]
    const journal = recentJournal(entries, NOW)
    expect(journal.entries.map((each) => [each.event.type, each.context])).toEqual([
      ['same', { n: 1 }],
      ['same again', undefined],
    ])
    expect(entries[1]).not.toHaveProperty('context')
  })

  it('leaves out the oldest entries when the journal would not fit in the report', () => {
    const big = 'я'.repeat(1000)
    const entries = Array.from({ length: 10 }, (_, index) => entry(20 - index, `p1:x:${index}`, `e${index}`, { big }))
    // the size of the export of the newest four, to the byte
    const maxBytes = new TextEncoder().encode(JSON.stringify(recentJournal(entries.slice(6), NOW))).length
    const types = (budget: number) => recentJournal(entries, NOW, budget).entries.map((each) => each.event.type)
    expect(types(maxBytes)).toEqual(['e6', 'e7', 'e8', 'e9'])
    expect(types(maxBytes - 1)).toEqual(['e7', 'e8', 'e9'])
  })

  it('counts the context written in: an older entry of an actor can push its later one out of the budget', () => {
    const big = 'я'.repeat(1000)
    const entries = [entry(25, 'p1:x:1', 'first', { big }), entry(20, 'p1:x:1', 'second'), entry(10, 'p1:x:1', 'third')]
    const withAll = recentJournal(entries, NOW)
    const size = (journal: unknown) => new TextEncoder().encode(JSON.stringify(journal)).length
    expect(withAll.entries).toHaveLength(3)
    const journal = recentJournal(entries, NOW, size(withAll) - 10)
    expect(journal.entries.map((each) => [each.event.type, each.context])).toEqual([
      ['second', { big }],
      ['third', undefined],
    ])
    expect(size(journal)).toBeLessThanOrEqual(size(withAll) - 10)
  })
})
