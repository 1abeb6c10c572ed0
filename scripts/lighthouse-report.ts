import type { Result } from 'lighthouse'
import { formatTable } from '../server/cli/text-table'

export type Preset = 'mobile' | 'desktop'

export interface ScreenResult {
  screen: string
  preset: Preset
  lhr: Result
}

/** Issue 24's targets: Lighthouse's 0-100 scores, and two metrics in milliseconds on every screen. */
const TARGETS = {
  performance: { mobile: 95, desktop: 100 },
  accessibility: 100,
  bestPractices: 100,
  metricsMs: [
    ['TBT', 'total-blocking-time', 150],
    ['LCP', 'largest-contentful-paint', 2_000],
  ],
} as const

const METRICS = [
  ['FCP', 'first-contentful-paint'],
  ['LCP', 'largest-contentful-paint'],
  ['TBT', 'total-blocking-time'],
  ['CLS', 'cumulative-layout-shift'],
  ['SI', 'speed-index'],
] as const

const score = (lhr: Result, category: string): number | null => {
  const value = lhr.categories[category]?.score
  return value === null || value === undefined ? null : Math.round(value * 100)
}

const shownScore = (value: number | null) => (value === null ? '—' : String(value))
const metricText = (lhr: Result, id: string) => lhr.audits[id]?.displayValue?.replace(/\u00a0/g, ' ') ?? '—'

/** Lighthouse's own measure of the machine's CPU speed in the run (higher is faster); undefined when the report has none. */
const benchmarkIndexOf = (lhr: Result): number | undefined => lhr.environment?.benchmarkIndex

export function resultTable(results: readonly ScreenResult[]): string {
  return formatTable(
    ['экран', 'пресет', 'perf', 'a11y', 'best pr.', 'FCP', 'LCP', 'TBT', 'CLS', 'BI'],
    results.map(({ screen, preset, lhr }) => [
      screen,
      preset,
      shownScore(score(lhr, 'performance')),
      shownScore(score(lhr, 'accessibility')),
      shownScore(score(lhr, 'best-practices')),
      ...METRICS.slice(0, 4).map(([, id]) => metricText(lhr, id)),
      String(Math.round(benchmarkIndexOf(lhr) ?? Number.NaN)).replace('NaN', '—'),
    ]),
  )
}

/**
 * The range of Lighthouse's benchmark index over the rows. Its mobile preset slows the CPU four
 * times whatever the machine, so TBT, and with it the mobile score, follows this figure: figures
 * from two machines compare only beside it.
 */
export function benchmarkIndexText(results: readonly ScreenResult[]): string {
  const indexes = results.map(({ lhr }) => benchmarkIndexOf(lhr)).filter((index): index is number => index !== undefined)
  if (indexes.length === 0) return 'Индекс скорости машины (benchmarkIndex Lighthouse): нет в отчётах'
  const [low, high] = [Math.min(...indexes), Math.max(...indexes)].map(Math.round)
  return `Индекс скорости машины (benchmarkIndex Lighthouse, больше — быстрее; столбец BI): ${low === high ? low : `${low}–${high}`}`
}

/** Audits of a category that lost points (a binary or numeric score under 1). */
function failingAudits(lhr: Result, category: string): string[] {
  const refs = lhr.categories[category]?.auditRefs ?? []
  return refs
    .filter((ref) => {
      const audit = lhr.audits[ref.id]
      return audit && audit.score !== null && audit.score < 1 && ref.weight > 0
    })
    .map((ref) => ref.id)
}

/** The performance metrics that lost points, weakest first, with their values and scores: where the points went. */
function weakMetrics(lhr: Result): string[] {
  return METRICS.flatMap(([name, id]) => {
    const audit = lhr.audits[id]
    return audit && audit.score !== null && audit.score < 1
      ? [{ text: `${name} ${metricText(lhr, id)} (${Math.round(audit.score * 100)})`, score: audit.score }]
      : []
  })
    .sort((a, b) => a.score - b.score)
    .map((metric) => metric.text)
}

/** One line per missed target: which row, the score against the target, and why. */
export function missedTargets(results: readonly ScreenResult[]): string[] {
  const misses: string[] = []
  for (const { screen, preset, lhr } of results) {
    const row = `${screen} (${preset})`
    const performance = score(lhr, 'performance')
    const performanceTarget = TARGETS.performance[preset]
    if (performance === null || performance < performanceTarget) {
      misses.push(`${row}: performance ${shownScore(performance)} < ${performanceTarget}; слабые метрики: ${weakMetrics(lhr).join(', ') || '—'}`)
    }
    for (const [category, label, target] of [
      ['accessibility', 'accessibility', TARGETS.accessibility],
      ['best-practices', 'best practices', TARGETS.bestPractices],
    ] as const) {
      const value = score(lhr, category)
      if (value === null || value < target)
        misses.push(`${row}: ${label} ${shownScore(value)} < ${target}; аудиты: ${failingAudits(lhr, category).join(', ') || '—'}`)
    }
    for (const [name, id, limitMs] of TARGETS.metricsMs) {
      const value = lhr.audits[id]?.numericValue
      if (value === undefined || value > limitMs) misses.push(`${row}: ${name} ${metricText(lhr, id)} > ${limitMs.toLocaleString('en')} ms`)
    }
    if (lhr.runtimeError) misses.push(`${row}: ошибка Lighthouse ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`)
  }
  return misses
}

export const targetsText = () =>
  `Цели (issue 24): mobile performance ≥ ${TARGETS.performance.mobile} на каждом экране, desktop ${TARGETS.performance.desktop}, ` +
  `${TARGETS.metricsMs.map(([name, , limitMs]) => `${name} ≤ ${limitMs.toLocaleString('en')} ms`).join(', ')}, ` +
  `accessibility ${TARGETS.accessibility}, best practices ${TARGETS.bestPractices}.`
