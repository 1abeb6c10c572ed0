import type { Result } from 'lighthouse'
import { describe, expect, it } from 'vitest'
import { benchmarkIndexText, missedTargets, resultTable, type ScreenResult } from '../../scripts/lighthouse-report'

/** A report with the parts the table reads: the scores, the metrics and the machine's benchmark index. */
function report(performance: number, tbtMs: number, benchmarkIndex?: number): Result {
  const metric = (numericValue: number, displayValue: string) => ({ numericValue, displayValue, score: 1 })
  return {
    categories: {
      performance: { score: performance / 100, auditRefs: [] },
      accessibility: { score: 1, auditRefs: [] },
      'best-practices': { score: 1, auditRefs: [] },
    },
    audits: {
      'first-contentful-paint': metric(700, '0.7 s'),
      'largest-contentful-paint': metric(700, '0.7 s'),
      'total-blocking-time': { ...metric(tbtMs, `${tbtMs} ms`), score: tbtMs > 150 ? 0.5 : 1 },
      'cumulative-layout-shift': metric(0, '0'),
    },
    environment: benchmarkIndex === undefined ? {} : { benchmarkIndex },
  } as unknown as Result
}

describe('the Lighthouse table', () => {
  const results: ScreenResult[] = [
    { screen: '/login/', preset: 'mobile', lhr: report(100, 40, 2582.5) },
    { screen: '/cabinet/orders/', preset: 'mobile', lhr: report(79, 900, 1660) },
  ]

  it('prints each row’s benchmark index beside its figures, and the range under the table', () => {
    const table = resultTable(results)
    expect(table).toMatch(/BI/)
    expect(table.split('\n').find((line) => line.includes('/login/'))).toMatch(/40 ms\s+0\s+2583/)
    expect(table.split('\n').find((line) => line.includes('/cabinet/orders/'))).toMatch(/900 ms\s+0\s+1660/)
    expect(benchmarkIndexText(results)).toMatch(/: 1660–2583$/)
  })

  it('a report without the index shows a dash, and says so under the table', () => {
    const bare: ScreenResult[] = [{ screen: '/login/', preset: 'desktop', lhr: report(100, 0) }]
    expect(resultTable(bare).split('\n').at(-1)).toMatch(/—\s*$/)
    expect(benchmarkIndexText(bare)).toMatch(/нет в отчётах/)
  })

  it('names the missed targets', () => {
    expect(missedTargets(results)).toEqual([
      '/cabinet/orders/ (mobile): performance 79 < 95; слабые метрики: TBT 900 ms (50)',
      '/cabinet/orders/ (mobile): TBT 900 ms > 150 ms',
    ])
  })
})
