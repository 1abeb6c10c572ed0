import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { build } from 'vite'
import { routeFirstLoad, routeModules, type Manifest } from './bundle-manifest'

/**
 * `npx tsx scripts/bundle-report.ts`: what the catalogue's first load holds (`ROUTE=purchased`:
 * that route's, by the name `npm run size` prints). Builds the client with
 * source maps into a temporary folder and, for each first-load chunk, shares its minified bytes out
 * to the npm packages and source files they came from (as source-map-explorer does); the gzipped
 * share is the chunk's gzip size split in the same proportion. A dev tool, no budget (`npm run size`).
 */
const TOP = Number(process.env.TOP ?? 12)
const ROUTE = process.env.ROUTE ?? 'catalogue'
const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'

/** The source index of each generated segment of each line: [line][segment] = { column, source }. */
function decodeMappings(mappings: string): { column: number; source: number }[][] {
  let source = 0
  return mappings.split(';').map((line) => {
    let column = 0
    return line
      .split(',')
      .filter(Boolean)
      .map((segment) => {
        const fields: number[] = []
        let value = 0
        let shift = 0
        for (const char of segment) {
          const digit = BASE64.indexOf(char)
          value += (digit & 31) << shift
          if (digit & 32) shift += 5
          else {
            fields.push(value & 1 ? -(value >>> 1) : value >>> 1)
            value = 0
            shift = 0
          }
        }
        column += fields[0] ?? 0
        if (fields.length > 1) source += fields[1] ?? 0
        return { column, source: fields.length > 1 ? source : -1 }
      })
  })
}

/** 'node_modules/@tanstack/router-core/…' → '@tanstack/router-core'; '…/src/machines/x.ts' → 'src/machines/x.ts'. */
export function ownerOf(source: string): string {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source)
  if (pkg?.[1]) return pkg[1]
  const own = /(?:^|\/)((?:src|scripts)\/.*)$/.exec(source)
  return own?.[1] ?? source.replace(/^(\.\.\/)+/, '')
}

const UNMAPPED = '(no source map: bundler runtime, CSS module names)'

/** Minified bytes per owner in one chunk; bytes no mapping covers count as UNMAPPED. */
function bytesByOwner(code: string, map: { sources: string[]; mappings: string }): Map<string, number> {
  const owners = new Map<string, number>()
  const add = (owner: string, bytes: number) => owners.set(owner, (owners.get(owner) ?? 0) + bytes)
  const lines = code.split('\n')
  decodeMappings(map.mappings).forEach((segments, lineIndex) => {
    const line = lines[lineIndex] ?? ''
    let covered = 0
    segments.forEach((segment, index) => {
      const end = segments[index + 1]?.column ?? line.length
      const bytes = Buffer.byteLength(line.slice(segment.column, end))
      add(segment.source >= 0 ? ownerOf(map.sources[segment.source] ?? '') : UNMAPPED, bytes)
      covered += bytes
    })
    add(UNMAPPED, Buffer.byteLength(line) - covered + 1)
  })
  return owners
}

const outDir = mkdtempSync(join(tmpdir(), 'bundle-report-'))
try {
  await build({ logLevel: 'warn', build: { outDir, emptyOutDir: true, sourcemap: true } })
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(2).padStart(7)} KB`
  const route = routeModules(manifest).find(({ name }) => name === ROUTE)
  if (!route)
    throw new Error(
      `no route «${ROUTE}»: ${routeModules(manifest)
        .map(({ name }) => name)
        .join(', ')}`,
    )
  let total = 0
  for (const file of routeFirstLoad(manifest, route.route).js) {
    // without the source-map comment, so the sizes are those `npm run size` measures
    const code = readFileSync(join(outDir, file), 'utf8').replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '')
    const gzip = gzipSync(code, { level: 9 }).length
    total += gzip
    const mapFile = join(outDir, `${file}.map`)
    const map = existsSync(mapFile) ? (JSON.parse(readFileSync(mapFile, 'utf8')) as { sources: string[]; mappings: string }) : { sources: [], mappings: '' }
    const owners = [...bytesByOwner(code, map)].sort((a, b) => b[1] - a[1])
    const bytes = Buffer.byteLength(code)
    const gzipOf = (part: number) => kb((gzip * part) / bytes)
    console.log(`${file}: ${kb(bytes)} min, ${kb(gzip)} gz`)
    for (const [owner, part] of owners.slice(0, TOP)) console.log(`  ${kb(part)} min ${gzipOf(part)} gz  ${owner}`)
    const rest = owners.slice(TOP).reduce((sum, [, part]) => sum + part, 0)
    if (rest > 0) console.log(`  ${kb(rest)} min ${gzipOf(rest)} gz  ${owners.length - TOP} more`)
  }
  console.log(`\nfirst load: ${kb(total)} gz JavaScript`)
} finally {
  rmSync(outDir, { recursive: true, force: true })
}
