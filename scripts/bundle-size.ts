import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { gzipSync } from 'node:zlib'
import { CATALOGUE_ROUTE, otherRouteChunks, routeFirstLoad, type Manifest } from './bundle-manifest'

/**
 * `npm run size`: after `vite build`, prints the gzipped JavaScript and CSS that the catalogue
 * route (/cabinet/) loads first, and the screens, dialogs and drawer that are split into chunks of
 * their own (loaded when shown or opened). Exits with 1 when the JavaScript is over the budget.
 * What each first-load chunk holds, by package and source file: `npx tsx scripts/bundle-report.ts`.
 */
const BUDGET_JS_KB = 150

const clientDir = resolve(process.env.CLIENT_DIR ?? 'dist/client')
const manifest = JSON.parse(readFileSync(join(clientDir, '.vite/manifest.json'), 'utf8')) as Manifest
const firstLoad = routeFirstLoad(manifest, CATALOGUE_ROUTE)

const kb = (bytes: number) => (bytes / 1024).toFixed(2).padStart(8)
function measure(files: string[]) {
  let raw = 0
  let gzip = 0
  for (const file of files) {
    const content = readFileSync(join(clientDir, file))
    const zipped = gzipSync(content, { level: 9 }).length
    raw += content.length
    gzip += zipped
    console.log(`  ${file.padEnd(48)} ${kb(content.length)} KB ${kb(zipped)} KB gz`)
  }
  return { raw, gzip }
}

console.log('Каталог (/cabinet/), первая загрузка — JavaScript:')
const js = measure(firstLoad.js)
console.log('CSS:')
const css = measure(firstLoad.css)
console.log(`\nJavaScript: ${kb(js.raw).trim()} KB, gzip ${kb(js.gzip).trim()} KB (бюджет ${BUDGET_JS_KB} KB)`)
console.log(`CSS:        ${kb(css.raw).trim()} KB, gzip ${kb(css.gzip).trim()} KB`)
console.log(
  `\nВне первой загрузки (экраны, диалоги, меню-шторка грузятся, когда нужны):\n${otherRouteChunks(manifest, CATALOGUE_ROUTE)
    .map((src) => `  ${src}`)
    .join('\n')}`,
)

if (js.gzip / 1024 > BUDGET_JS_KB) {
  console.error(`\nПревышен бюджет: ${kb(js.gzip).trim()} KB > ${BUDGET_JS_KB} KB`)
  process.exit(1)
}
