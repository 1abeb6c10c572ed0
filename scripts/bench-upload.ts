/**
 * npm run bench:upload: the hostile price list of issue 21 (one repeated row, 190 MB unpacked,
 * headers that understate it) uploaded over real HTTP while another client polls /api/session/
 * every 10 ms. Prints the session's p50/p99 latency during the upload and the process's RSS before,
 * at its peak and after. Targets: p99 ≤ 50 ms, RSS +≤ 100 MB.
 */
import http from 'node:http'
import { performance } from 'node:perf_hooks'
import { DEMO_LOGINS, seedDatabase } from '../server/db/seed'
import { BenchClient, listenForBench, percentile } from './bench-http'
import { createFreshDb } from './bench-support/fresh-db'
import { hostileXlsx } from './bench-support/hostile-xlsx'
import { multipartForm } from './bench-support/multipart'

const MB = 1024 * 1024
const POLL_MS = 10

function upload(port: number, cookie: string, file: Buffer): Promise<{ status: number; body: string }> {
  const { payload, headers } = multipartForm({ contract: '0', file: { content: file, filename: 'order.xlsx' } })
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: '/api/uploadsFromFile/', method: 'POST', headers: { ...headers, cookie } }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }))
    })
    req.on('error', reject)
    req.end(payload)
  })
}

async function main() {
  const file = hostileXlsx({ unpackedBytes: 190 * MB, declaredBytes: MB })
  const db = await createFreshDb()
  await seedDatabase(db, { products: 200 })
  const { app, port } = await listenForBench(db)
  const [uploader, poller] = [new BenchClient(port), new BenchClient(port)]
  const email = DEMO_LOGINS[0]!.email
  await uploader.signIn(email)
  await poller.signIn(email)
  for (let i = 0; i < 20; i++) await poller.send('GET', '/api/session/')
  global.gc?.()
  const rssBefore = process.memoryUsage().rss
  let rssPeak = rssBefore
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 5)

  const latencies: number[] = []
  let uploading = true
  const started = performance.now()
  const answer = upload(port, uploader.cookie, file).finally(() => (uploading = false))
  while (uploading) {
    const sent = performance.now()
    await poller.send('GET', '/api/session/')
    latencies.push(performance.now() - sent)
    await new Promise((resolve) => setTimeout(resolve, POLL_MS))
  }
  const { status, body } = await answer
  const elapsed = performance.now() - started
  clearInterval(sampler)
  await new Promise((resolve) => setTimeout(resolve, 500))
  global.gc?.()
  const rssAfter = process.memoryUsage().rss

  const sorted = [...latencies].sort((a, b) => a - b)
  const mb = (bytes: number) => `${(bytes / MB).toFixed(0)} MB`
  console.log(`hostile XLSX: ${(file.length / 1024).toFixed(0)} KB, 190 MB unpacked, headers say 1 MB`)
  console.log(`answer: ${status} ${body} after ${elapsed.toFixed(0)} ms`)
  console.log(
    `/api/session/ during the upload (${latencies.length} calls): p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms, max ${(sorted.at(-1) ?? 0).toFixed(1)} ms (target p99 ≤ 50 ms)`,
  )
  console.log(`RSS: before ${mb(rssBefore)}, peak ${mb(rssPeak)} (+${mb(rssPeak - rssBefore)}), after ${mb(rssAfter)} (target +≤ 100 MB)`)
  uploader.close()
  poller.close()
  await app.close()
  await db.dispose()
}

await main()
