import { PRICELIST_LIMITS } from '../../src/contract/pricelist'
import { typeScriptWorker } from '../typescript-worker'
import type { XlsxJob, XlsxOutcome } from './xlsx-worker'

const END_OF_CENTRAL_DIRECTORY = 0x06054b50
const CENTRAL_DIRECTORY_ENTRY = 0x02014b50

/** The unpacked size of a zip as its central directory states it; null when the directory cannot be read. */
export function zipUnpackedBytes(zip: Buffer): number | null {
  // the end record is the last 22 bytes, unless a comment (at most 64 KB) follows it
  let end = -1
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - 22 - 0xffff); at--) {
    if (zip.readUInt32LE(at) === END_OF_CENTRAL_DIRECTORY) {
      end = at
      break
    }
  }
  if (end < 0) return null
  const entries = zip.readUInt16LE(end + 10)
  let at = zip.readUInt32LE(end + 16)
  let total = 0
  for (let i = 0; i < entries; i++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== CENTRAL_DIRECTORY_ENTRY) return null
    total += zip.readUInt32LE(at + 24)
    at += 46 + zip.readUInt16LE(at + 28) + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32)
  }
  return total
}

/** Data rows a table may hold (one more ends the reading), and bytes inflated out of the zip. */
export const XLSX_READ_LIMITS = {
  rows: PRICELIST_LIMITS.rows,
  inflatedBytes: PRICELIST_LIMITS.unpackedBytes,
  /** a file that takes longer is stopped: the thread is ended, whatever it was doing */
  ms: 15_000,
  /** the reading thread's heap; one that needs more is stopped as too big */
  heapMb: 128,
} as const

const WORKER_FILE = new URL('./xlsx-worker.ts', import.meta.url)

/**
 * The first visible worksheet with data, as rows numbered as Excel numbers them, read in a worker
 * thread (xlsx-worker.ts) under a time limit, so the server answers other requests meanwhile and a
 * hostile file (a zip bomb, a million rows) costs at most the caps: it is stopped as soon as it
 * passes the rows, the bytes inflated, the heap or the time.
 */
export async function parseXlsxTable(bytes: Buffer, limits: Partial<typeof XLSX_READ_LIMITS> = {}): Promise<XlsxOutcome> {
  const { rows, inflatedBytes, ms, heapMb } = { ...XLSX_READ_LIMITS, ...limits }
  const declared = zipUnpackedBytes(bytes)
  if (declared === null) return { kind: 'unreadable' }
  if (declared > inflatedBytes) return { kind: 'inflatedTooLarge' }
  const job: XlsxJob = { bytes, maxRows: rows, maxInflatedBytes: inflatedBytes }
  const worker = typeScriptWorker(WORKER_FILE, {
    workerData: job,
    resourceLimits: { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: 16 },
  })
  return new Promise<XlsxOutcome>((resolve) => {
    let settled = false
    const settle = (outcome: XlsxOutcome) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      resolve(outcome)
      void worker.terminate()
    }
    const timer = setTimeout(() => settle({ kind: 'tooSlow' }), ms)
    worker.on('message', (outcome: XlsxOutcome) => settle(outcome))
    worker.on('error', (error: Error & { code?: string }) => settle({ kind: error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'inflatedTooLarge' : 'unreadable' }))
    worker.on('exit', () => settle({ kind: 'unreadable' }))
  })
}
