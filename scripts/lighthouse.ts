import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { availableParallelism, loadavg } from 'node:os'
import { join, resolve } from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse, { desktopConfig, type Config, type Flags, type Result } from 'lighthouse'
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js'
import puppeteer from 'puppeteer-core'
import { CHROMIUM_ARGS, findBrowser } from './browser-path'
import { startCabinetServer, type CabinetServer } from './lighthouse-server'
import { benchmarkIndexText, missedTargets, resultTable, targetsText, type Preset, type ScreenResult } from './lighthouse-report'

interface Screen {
  name: string
  signedIn: boolean
  path: (keyword: string) => string
}

const SCREENS: Screen[] = [
  { name: 'login', signedIn: false, path: () => '/login/' },
  { name: 'catalogue', signedIn: true, path: () => '/cabinet/' },
  { name: 'brand', signedIn: true, path: () => '/cabinet/brand/0/' },
  { name: 'search', signedIn: true, path: (keyword) => `/cabinet/action12/?q=${encodeURIComponent(keyword)}` },
  { name: 'cart', signedIn: true, path: () => '/cart/' },
  { name: 'orders', signedIn: true, path: () => '/cabinet/orders/' },
  { name: 'addresses', signedIn: true, path: () => '/cabinet/addresses/' },
  { name: 'managers', signedIn: true, path: () => '/cabinet/managers/' },
  { name: 'chat', signedIn: true, path: () => '/cabinet/chat/' },
  { name: 'exporter', signedIn: true, path: () => '/cabinet/exporter/' },
  { name: 'notifications', signedIn: true, path: () => '/cabinet/notifications/' },
]

const PRESETS: Record<Preset, Config | undefined> = {
  // Lighthouse's default: a mid-range phone (4x CPU slowdown) on slow 4G, simulated
  mobile: undefined,
  desktop: desktopConfig,
}

const CATEGORIES = ['performance', 'accessibility', 'best-practices']

const help = () => `npm run lighthouse — Lighthouse (mobile и desktop) по экранам собранного кабинета.

Сначала соберите интерфейс: npm run build (если CLIENT_DIR пуст, скрипт соберёт его сам).
Скрипт запускает сервер (свежая база SQLite в LH_DB_FILE, или DATABASE_URL), входит демо-дилером,
кладёт товары в корзину и прогоняет Lighthouse с системным Chromium. Печатает таблицу и цели;
код выхода 1, если цель не достигнута.

Переменные окружения:
  CLIENT_DIR     собранный интерфейс (dist/client)
  LH_PORT        порт сервера (8310)
  LH_DB_FILE     файл базы (/tmp/lighthouse-cabinet.sqlite); SEED_PRODUCTS — сколько товаров (3000)
  LH_SCREENS     экраны через запятую: ${SCREENS.map((screen) => screen.name).join(',')}
  LH_PRESETS     mobile,desktop
  LH_RUNS        прогонов на экран и пресет; берётся медианный (1)
  LH_REPORT_DIR  куда писать JSON-отчёты (reports/lighthouse)`

function pick<T extends string>(value: string | undefined, known: readonly T[], what: string): T[] {
  if (!value?.trim()) return [...known]
  const asked = value.split(',').map((item) => item.trim())
  const unknown = asked.filter((item) => !known.includes(item as T))
  if (unknown.length) throw new Error(`${what}: неизвестно ${unknown.join(', ')}; есть ${known.join(', ')}`)
  return asked as T[]
}

function positiveInt(name: string, fallback: number): number {
  const value = process.env[name]?.trim()
  if (!value) return fallback
  if (!/^\d+$/.test(value) || Number(value) < 1) throw new Error(`${name}: ожидается целое число больше 0, получено «${value}»`)
  return Number(value)
}

const loadAverage = () => loadavg()[0]!.toFixed(1)

function ensureBuilt(clientDir: string) {
  if (existsSync(join(clientDir, 'index.html'))) return
  console.log(`Интерфейс не собран в ${clientDir}: собираю (vite build)…`)
  const build = spawnSync('npx', ['vite', 'build', '--outDir', clientDir, '--emptyOutDir'], { stdio: 'inherit' })
  if (build.status !== 0) throw new Error('сборка не удалась')
}

/**
 * The session's cookie put into the browser's own cookie jar, which Lighthouse keeps between its
 * passes. Lighthouse's extraHeaders are not enough: Chromium leaves a Cookie header set through
 * the DevTools protocol off the page's fetch calls, so the app's first call (GET /api/inbox/) was
 * answered 401 and a signed-in screen was measured as it went to the login page.
 */
async function putSessionCookie(port: number, url: string, cookie: string) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` })
  try {
    const domain = new URL(url).hostname
    const cookies = cookie.split(/;\s*/).map((pair) => {
      const at = pair.indexOf('=')
      return { name: pair.slice(0, at), value: pair.slice(at + 1), domain, path: '/' }
    })
    await browser.defaultBrowserContext().setCookie(...cookies)
  } finally {
    await browser.disconnect()
  }
}

async function runOnce(url: string, preset: Preset, cookie: string | undefined, chromePath: string): Promise<Result> {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: ['--headless=new', ...CHROMIUM_ARGS] })
  try {
    if (cookie) await putSessionCookie(chrome.port, url, cookie)
    const flags: Flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES }
    const result = await lighthouse(url, flags, PRESETS[preset])
    if (!result) throw new Error(`Lighthouse не вернул результат для ${url}`)
    // a screen that left for another address (the login page, an error) was not the screen measured
    const shown = new URL(result.lhr.finalDisplayedUrl)
    const asked = new URL(url)
    if (shown.pathname !== asked.pathname) throw new Error(`${asked.pathname}: страница ушла на ${shown.pathname}${shown.search}, замер не того экрана`)
    return result.lhr
  } finally {
    chrome.kill()
  }
}

async function main() {
  if (process.argv.includes('--help') || process.argv.includes('-h')) {
    console.log(help())
    return
  }
  const env = process.env
  const clientDir = resolve(env.CLIENT_DIR ?? 'dist/client')
  const port = positiveInt('LH_PORT', 8310)
  const runs = positiveInt('LH_RUNS', 1)
  const reportDir = resolve(env.LH_REPORT_DIR ?? 'reports/lighthouse')
  const screens = pick(
    env.LH_SCREENS,
    SCREENS.map((screen) => screen.name),
    'LH_SCREENS',
  ).map((name) => SCREENS.find((s) => s.name === name)!)
  const presets = pick(env.LH_PRESETS, ['mobile', 'desktop'] as const, 'LH_PRESETS')
  const browser = findBrowser()
  if (!browser) throw new Error('Chromium не найден: установите chromium или задайте CHROMIUM_PATH')

  ensureBuilt(clientDir)
  mkdirSync(reportDir, { recursive: true })
  const loadAtStart = loadAverage()
  const server: CabinetServer = await startCabinetServer({ port, clientDir, dbFile: resolve(env.LH_DB_FILE ?? '/tmp/lighthouse-cabinet.sqlite') })
  const results: ScreenResult[] = []
  try {
    for (const screen of screens) {
      for (const preset of presets) {
        const url = server.origin + screen.path(server.keyword)
        const lhrs: Result[] = []
        for (let run = 0; run < runs; run++) lhrs.push(await runOnce(url, preset, screen.signedIn ? server.cookie : undefined, browser.path))
        const lhr = lhrs.length > 1 ? (computeMedianRun(lhrs) as Result) : lhrs[0]!
        writeFileSync(join(reportDir, `${screen.name}-${preset}.json`), JSON.stringify(lhr))
        const shown = decodeURI(screen.path(server.keyword))
        const performance = Math.round((lhr.categories.performance?.score ?? 0) * 100)
        console.log(`  ${shown} ${preset}: performance ${performance}${runs > 1 ? ` (медиана из ${runs})` : ''}`)
        results.push({ screen: shown, preset, lhr })
      }
    }
  } finally {
    await server.stop()
  }

  console.log(`\n${resultTable(results)}\n\n${targetsText()}`)
  const misses = missedTargets(results)
  console.log(misses.length ? `Не достигнуто:\n${misses.map((miss) => `  - ${miss}`).join('\n')}` : 'Все цели достигнуты.')
  console.log(`\nОтчёты JSON: ${reportDir}; Chromium: ${browser.path}; прогонов на строку: ${runs}`)
  // Lighthouse's CPU figures (TBT above all) grow with whatever else the machine runs
  console.log(`Нагрузка машины (loadavg за 1 мин, ядер ${availableParallelism()}): в начале ${loadAtStart}, в конце ${loadAverage()}`)
  console.log(benchmarkIndexText(results))
  if (misses.length) process.exitCode = 1
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
