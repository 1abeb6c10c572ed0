import type { SnapshotFrom } from 'xstate'
import type { BrandLetter, ExporterBrand } from '../contract/exporter'
import { matchesSearch, type BrandView } from './exporter-rules'
import { EXPORTER_MESSAGES_UI, type exporterMachine } from './exporter.machine'

type ExporterSnapshot = SnapshotFrom<typeof exporterMachine>

/** What the brand area shows. */
export type BrandsArea = 'loading' | 'failed' | 'list'

export function brandsAreaOf(snapshot: ExporterSnapshot): BrandsArea {
  if (snapshot.matches({ brands: 'loading' })) return 'loading'
  if (snapshot.matches({ brands: 'failed' })) return 'failed'
  return 'list'
}

export const brandViewOf = (snapshot: ExporterSnapshot): BrandView => (snapshot.matches({ view: 'raw' }) ? 'raw' : 'packed')

/** A brand as a checkbox: its id, name and whether it is ticked now. */
export interface BrandTick {
  id: number
  header: string
  ticked: boolean
}

const ticksOf = (brands: readonly ExporterBrand[], selected: readonly number[], search: string): BrandTick[] =>
  brands.filter((brand) => matchesSearch(brand, search)).map((brand) => ({ id: brand.id, header: brand.header, ticked: selected.includes(brand.id) }))

/** The brands the search shows, by name. */
export const rawTicksOf = (snapshot: ExporterSnapshot): BrandTick[] => ticksOf(snapshot.context.brands, snapshot.context.selected, snapshot.context.search)

/** The letters with brands the search shows, each with whether all of them are ticked. */
export function letterTicksOf(snapshot: ExporterSnapshot): { letter: string; brands: BrandTick[]; allTicked: boolean }[] {
  const { packed, selected, search } = snapshot.context
  return packed
    .map((group: BrandLetter) => ({ letter: group.letter, brands: ticksOf(group.brands, selected, search) }))
    .filter((group) => group.brands.length > 0)
    .map((group) => ({ ...group, allTicked: group.brands.every((brand) => brand.ticked) }))
}

export const selectedCountOf = (snapshot: ExporterSnapshot): number => snapshot.context.selected.length

/** The selection line's state: «Сохранить выбор» enabled, saving, the 1.5 s message, the refusal. */
export type SelectionStep = 'clean' | 'dirty' | 'saving' | 'saved' | 'saveFailed'

export function selectionStepOf(snapshot: ExporterSnapshot): SelectionStep {
  for (const step of ['dirty', 'saving', 'saved', 'saveFailed'] as const) if (snapshot.matches({ brands: { ready: step } })) return step
  return 'clean'
}

/** What the job panel shows. */
export type JobPanel = 'waiting' | 'running' | 'ready' | 'noReport' | 'jobFailed' | 'pollFailed' | 'paused'

export function jobPanelOf(snapshot: ExporterSnapshot): JobPanel {
  for (const panel of ['running', 'ready', 'noReport', 'jobFailed', 'pollFailed', 'paused'] as const)
    if (snapshot.matches({ job: { watching: panel } })) return panel
  return 'waiting'
}

/** The running job's progress in whole percent. */
export const progressPercentOf = (snapshot: ExporterSnapshot): number => Math.round((snapshot.context.job?.progress ?? 0) * 100)

/** The ready file's date (dd.mm.yyyy HH:MM), or null when there is none. */
export const reportDateOf = (snapshot: ExporterSnapshot): string | null => (snapshot.context.report?.fe ? snapshot.context.report.date : null)

/** «Сформировать»: enabled with a brand ticked and no start in flight. */
export const canStartOf = (snapshot: ExporterSnapshot): boolean =>
  snapshot.context.selected.length > 0 && !snapshot.matches({ start: 'starting' }) && !snapshot.matches({ brands: 'loading' })

export const isStartingOf = (snapshot: ExporterSnapshot): boolean => snapshot.matches({ start: 'starting' })

/** The refusal of «Сформировать», or null. */
export const startMessageOf = (snapshot: ExporterSnapshot): string | null => (snapshot.matches({ start: 'refused' }) ? snapshot.context.startMessage : null)

/** The line under the job panel: the failure of the last job or of the poll, the pause. */
export function jobMessageOf(snapshot: ExporterSnapshot): string | null {
  const panel = jobPanelOf(snapshot)
  if (panel === 'jobFailed') return snapshot.context.job?.error ?? null
  if (panel === 'pollFailed') return snapshot.context.pollMessage
  if (panel === 'paused') return EXPORTER_MESSAGES_UI.paused
  if (panel === 'noReport') return EXPORTER_MESSAGES_UI.noReport
  return null
}
