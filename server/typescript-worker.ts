import { createRequire } from 'node:module'
import { pathToFileURL } from 'node:url'
import { Worker, type WorkerOptions } from 'node:worker_threads'

/**
 * Node (20) starts a thread's file without the loader the process runs under (tsx for npm start,
 * vite-node in vitest). So a TypeScript worker starts from a line of CommonJS that imports it
 * through tsx's own API, the same under every runner.
 */
const TSX_API = pathToFileURL(
  createRequire(import.meta.url)
    .resolve('tsx/esm/api')
    .replace(/\.cjs$/, '.mjs'),
).href

/** A worker thread running the TypeScript module `file` (a file: URL, as `new URL('./x.ts', import.meta.url)` gives). */
export function typeScriptWorker(file: URL, options: Omit<WorkerOptions, 'eval'> = {}): Worker {
  const boot = `import(${JSON.stringify(TSX_API)}).then((tsx) => tsx.tsImport(${JSON.stringify(file.href)}, ${JSON.stringify(import.meta.url)}))`
  return new Worker(boot, { execArgv: [], ...options, eval: true })
}
