import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { Plugin } from 'vite'

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|map)$/
/** below this a compressed copy saves less than a network packet */
const MIN_BYTES = 1024

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true })
  return entries
    .filter((entry) => entry.isFile() && !entry.parentPath.split(/[/\\]/).some((part) => part.startsWith('.')))
    .map((entry) => join(entry.parentPath, entry.name))
}

/** Writes file.br (brotli, best quality) and file.gz (gzip 9) beside a file, each only when it is smaller. */
async function compressBeside(file: string): Promise<void> {
  const content = await readFile(file)
  if (content.length < MIN_BYTES) return
  const [br, gz] = await Promise.all([
    brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
    gzipAsync(content, { level: 9 }),
  ])
  await Promise.all([br.length < content.length && writeFile(`${file}.br`, br), gz.length < content.length && writeFile(`${file}.gz`, gz)])
}

/**
 * After `vite build`, every text asset of the output folder over 1 KB gets a .br and a .gz copy,
 * which the server sends by the request's Accept-Encoding (server/routes/static-spa.ts). Brotli's
 * best quality costs seconds once at build time and nothing per request.
 */
export function precompress(): Plugin {
  let outDir = ''
  return {
    name: 'cabinet-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir)
    },
    async closeBundle() {
      const files = (await filesUnder(outDir)).filter((file) => COMPRESSIBLE.test(file))
      await Promise.all(files.map(compressBeside))
    },
  }
}
