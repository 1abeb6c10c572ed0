/**
 * npm run bench:markup — how the price list's markup reader (server/pricelist/markup-table.ts)
 * grows on hostile input: a table whose rows and cells never close, 50,000 to 400,000 rows.
 * A reader that stays linear keeps "ms per 100,000 rows" about the same on every line.
 * Figures only; it never fails on a slow result.
 */
import { performance } from 'node:perf_hooks'
import { formatTable } from '../server/cli/text-table'
import { parseMarkupTable } from '../server/pricelist/markup-table'

const SIZES = [50_000, 100_000, 200_000, 400_000]
const RUNS = Number(process.env.BENCH_RUNS ?? 5)

const unclosed = (rows: number) => `<table>${'<tr><td>x'.repeat(rows)}`

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]!
}

function timeOnce(markup: string): number {
  const started = performance.now()
  parseMarkupTable(markup)
  return performance.now() - started
}

parseMarkupTable(unclosed(10_000)) // warm-up
const lines = SIZES.map((rows) => {
  const markup = unclosed(rows)
  const ms = median(Array.from({ length: RUNS }, () => timeOnce(markup)))
  return [rows.toLocaleString('en'), `${(markup.length / 1e6).toFixed(1)} MB`, ms.toFixed(0), ((ms / rows) * 100_000).toFixed(0)]
})
console.log(`markup that never closes its tags, median of ${RUNS} runs`)
console.log(formatTable(['rows', 'markup', 'ms', 'ms per 100,000 rows'], lines))
