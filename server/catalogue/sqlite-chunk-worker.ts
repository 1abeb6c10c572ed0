import SQLite from 'better-sqlite3'
import { parentPort, workerData } from 'node:worker_threads'

/**
 * The worker thread that reads a SQLite catalogue's chunks for a fresh copy (started by
 * snapshot-chunks.ts, workerChunks): the statements run here, on a connection of the thread's own
 * in one read transaction, while the server's thread parses and adds the chunks read before. On
 * SQLite the statements had held the server's thread for about 40% of a first load.
 */

export interface ChunkReadJob {
  file: string
  /** the catalogue's version, read first: it tells the reading thread which state this transaction sees */
  versionSql: string
  /** bound to (the last id read, the chunk's size) */
  productsSql: string
  /** the column of productsSql with the chunk's last id, taken off before the row is sent */
  lastIdColumn: string
  /** each bound to (the last id before the chunk, the chunk's last id) */
  paramsSql: string
  tagsSql: string
  size: number
  /** chunks read before the first is asked for */
  ahead: number
}

/** A row of JSON arrays (snapshot-chunks.ts parses them), or null where the statement found none. */
export type AggregatedRow = Record<string, string | null> | undefined

/** The products' row (its arrays only), then the param and tag rows of those products. */
export type ChunkRows = [products: AggregatedRow, params: AggregatedRow, tags: AggregatedRow]

export type ChunkReadMessage =
  { kind: 'version'; version: number } | { kind: 'chunk'; rows: ChunkRows } | { kind: 'end' } | { kind: 'failed'; message: string }

/** from the reading thread: read this many more chunks */
export interface ChunkCredit {
  more: number
}

const job = workerData as ChunkReadJob
const port = parentPort!

let after = -(2 ** 31)
let credits = job.ahead
let ended = false

function readChunk(db: SQLite.Database, products: SQLite.Statement, params: SQLite.Statement, tags: SQLite.Statement) {
  const { [job.lastIdColumn]: last, ...productRow } = products.get(after, job.size) as Record<string, string | number | null>
  if (last === null || last === undefined) {
    ended = true
    port.postMessage({ kind: 'end' } satisfies ChunkReadMessage)
    db.close()
    port.close()
    return
  }
  const rows: ChunkRows = [productRow as AggregatedRow, params.get(after, last) as AggregatedRow, tags.get(after, last) as AggregatedRow]
  after = Number(last)
  port.postMessage({ kind: 'chunk', rows } satisfies ChunkReadMessage)
}

function failed(error: unknown) {
  ended = true
  port.postMessage({ kind: 'failed', message: String(error) } satisfies ChunkReadMessage)
  port.close()
}

try {
  const db = new SQLite(job.file, { readonly: true, fileMustExist: true })
  const statements = [db.prepare(job.productsSql), db.prepare(job.paramsSql), db.prepare(job.tagsSql)] as const
  const readWhileCredited = () => {
    try {
      while (credits > 0 && !ended) {
        readChunk(db, ...statements)
        credits -= 1
      }
    } catch (error) {
      failed(error)
    }
  }
  db.exec('begin')
  // the transaction's first read fixes the state it sees, until its end
  const { version } = db.prepare(job.versionSql).get() as { version: number | null }
  port.postMessage({ kind: 'version', version: Number(version ?? 0) } satisfies ChunkReadMessage)
  port.on('message', (credit: ChunkCredit) => {
    credits += credit.more
    readWhileCredited()
  })
  readWhileCredited()
} catch (error) {
  failed(error)
}
