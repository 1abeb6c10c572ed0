/**
 * npm run bench:exporter: the exporter's job over 50,000 products (every brand chosen), through
 * the real HTTP calls of the page: «Сформировать» (runExporter), then isCommandRunning until the
 * job is done. Prints the time from the start to the ready file and the process's peak RSS over
 * the idle server (the XLSX goes out through exceljs's streaming writer). Goal: ≤ 60 s, ≤ 150 MB.
 */
import { rmSync, statSync } from 'node:fs'
import { performance } from 'node:perf_hooks'
import { DEMO_LOGINS, seedDatabase } from '../server/db/seed'
import { commandRunningResponseSchema, exporterBrandsResponseSchema } from '../src/contract/exporter'
import { BenchClient, listenForBench, percentile } from './bench-http'
import { createFreshDb } from './bench-support/fresh-db'

const MB = 1024 * 1024
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 50_000)
const POLL_MS = 100

async function main() {
  const db = await createFreshDb()
  console.log(`seeding ${PRODUCTS} products…`)
  await seedDatabase(db, { products: PRODUCTS })
  const { app, port } = await listenForBench(db)
  const client = new BenchClient(port)
  await client.signIn(DEMO_LOGINS[0]!.email)
  const brands = exporterBrandsResponseSchema.parse(JSON.parse((await client.send('GET', '/api/getBrandsForExporter/')).body))
  const ids = brands.brands.raw.map((brand) => brand.id)
  await client.send('POST', '/api/isCommandRunning/', { customer_id: brands.customer_id })
  global.gc?.()
  await new Promise((resolve) => setTimeout(resolve, 200))
  const rssIdle = process.memoryUsage().rss
  let rssPeak = rssIdle
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 5)

  const started = performance.now()
  const start = await client.send('POST', '/api/runExporter/', { customer_id: brands.customer_id, data: ids })
  if (start.status !== 200) throw new Error(`runExporter: ${start.status} ${start.body}`)
  let progressSeen = 0
  const pollMs: number[] = []
  for (;;) {
    const asked = performance.now()
    const answer = commandRunningResponseSchema.parse(
      JSON.parse((await client.send('POST', '/api/isCommandRunning/', { customer_id: brands.customer_id })).body),
    )
    pollMs.push(performance.now() - asked)
    if (answer.running && answer.job) progressSeen = Math.max(progressSeen, answer.job.progress)
    if (!answer.running) {
      if (answer.job?.state !== 'ready') throw new Error(`the export ended ${answer.job?.state}: ${answer.job?.error}`)
      break
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS))
  }
  const elapsed = performance.now() - started
  clearInterval(sampler)

  const job = await db.kysely.selectFrom('export_jobs').select(['file_path']).where('state', '=', 'ready').executeTakeFirstOrThrow()
  const size = statSync(job.file_path!).size
  console.log(`exported ${PRODUCTS} products of ${ids.length} brands: ${(size / MB).toFixed(1)} MB XLSX in ${(elapsed / 1000).toFixed(1)} s (goal ≤ 60 s)`)
  const sorted = [...pollMs].sort((a, b) => a - b)
  console.log(
    `isCommandRunning during the export (${pollMs.length} calls): p50 ${percentile(sorted, 50).toFixed(0)} ms, max ${(sorted.at(-1) ?? 0).toFixed(0)} ms; progress seen up to ${Math.round(progressSeen * 100)} %`,
  )
  console.log(
    `RSS: idle ${(rssIdle / MB).toFixed(0)} MB, peak ${(rssPeak / MB).toFixed(0)} MB (+${((rssPeak - rssIdle) / MB).toFixed(0)} MB over idle; goal ≤ 150 MB)`,
  )
  rmSync(job.file_path!, { force: true })
  client.close()
  await app.close()
  await db.dispose()
}

await main()
