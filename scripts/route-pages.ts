import type { Plugin, Rolldown } from 'vite'
import { BOOT_CALLS_META } from '../src/contract/boot-answers.ts'

type OutputChunk = Rolldown.OutputChunk

export interface RoutePage {
  /** the lazily loaded route module the address shows, matched against its source path */
  module: RegExp
  /**
   * GET calls (addresses as bootAddress writes them) that a signed-in start of the screen makes
   * besides the session, the init data and the basket (for an address with no query, where the
   * call follows it): the server answers them inside the page (src/contract/boot-answers.ts)
   */
  bootCalls?: readonly string[]
  /**
   * modules a signed-in start imports lazily whatever the screen (the basket's watch on other
   * tabs): preloaded with the screen, else their load is one more round trip after the scripts run
   */
  startImports?: readonly RegExp[]
}

/** The head tag naming a page's own boot calls; the server answers the start's calls inside every page that has one. */
const bootCallsTag = (calls: readonly string[]) => `<meta name="${BOOT_CALLS_META}" content="${calls.join(' ')}">`

/**
 * The entry's stylesheets go to the end of the body: the boot message above them (styled inline in
 * index.html) paints as soon as the page arrives instead of after the CSS, while the module scripts,
 * which run only once the whole page is parsed, still find every style in place (src/app/main.tsx
 * moves them back to the head, ahead of the stylesheets screens add).
 */
function stylesheetsToBody(html: string): string {
  const stylesheets: string[] = []
  const head = html.replace(/\s*<link rel="stylesheet"[^>]*>/g, (link) => {
    stylesheets.push(link.trim())
    return ''
  })
  return head.replace('</body>', `${stylesheets.map((link) => `  ${link}\n  `).join('')}</body>`)
}

/** Every chunk the given chunks import statically, themselves included. */
function staticClosure(start: readonly OutputChunk[], byFile: ReadonlyMap<string, OutputChunk>): Set<OutputChunk> {
  const found = new Set<OutputChunk>()
  const pending = [...start]
  while (pending.length > 0) {
    const chunk = pending.pop()!
    if (found.has(chunk)) continue
    found.add(chunk)
    for (const file of chunk.imports) {
      const imported = byFile.get(file)
      if (imported) pending.push(imported)
    }
  }
  return found
}

/** The chunks the entry imports statically, itself last, each after every chunk it imports. */
export function dependencyOrder(entry: OutputChunk, byFile: ReadonlyMap<string, OutputChunk>): OutputChunk[] {
  const ordered: OutputChunk[] = []
  const visit = (chunk: OutputChunk) => {
    if (ordered.includes(chunk)) return
    for (const file of chunk.imports) {
      const imported = byFile.get(file)
      if (imported) visit(imported)
    }
    ordered.push(chunk)
  }
  visit(entry)
  return ordered
}

/**
 * Every chunk of the start as a module script of its own, in dependency order, where Vite writes
 * the entry alone and has the browser find the rest through its imports. Each module script runs
 * in a task of its own and finds what it imports already run, so evaluating the libraries, our
 * shared code and the entry are three tasks (under 5 ms, and about 10–15 ms each, on a desktop),
 * where together they were one task of about 22 ms: a long task on a phone (issue 24). The browser also asks for the
 * libraries, the largest file, as soon as the page is parsed, not once the entry has arrived.
 */
export function startInSteps(html: string, base: string, steps: readonly OutputChunk[]): string {
  const scriptOf = (chunk: OutputChunk) => `<script type="module" crossorigin src="${base}${chunk.fileName}"></script>`
  const entry = steps.at(-1)
  if (!entry) return html
  const listed = steps
    .slice(0, -1)
    .reduce((page, chunk) => page.replace(new RegExp(`\\s*<link rel="modulepreload" crossorigin href="${base}${chunk.fileName}">`), ''), html)
  return listed.replace(
    /(\s*)(<script type="module" crossorigin src=")/,
    (_, space: string, entryTag: string) =>
      steps
        .slice(0, -1)
        .map((chunk) => `${space}${scriptOf(chunk)}`)
        .join('') +
      space +
      entryTag,
  )
}

const withHeadTags = (html: string, tags: readonly string[]) => html.replace('</head>', `${tags.map((tag) => `  ${tag}\n  `).join('')}</head>`)

const cssOf = (chunks: Iterable<OutputChunk>) => new Set([...chunks].flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])]))

/**
 * Writes a copy of index.html for each screen address (cabinet/orders/index.html for
 * '/cabinet/orders/'), whose head also preloads the screen's own chunks and their CSS and names
 * the screen's boot calls. Without it a cold start is a waterfall: the entry script runs, the
 * router asks for the session, then for the screen's chunk, then for its data. The server sends
 * the nearest page up the address with the answers of the start's calls inside
 * (server/routes/static-spa.ts).
 */
export function routePages(pages: Readonly<Record<string, RoutePage>>): Plugin {
  let base = '/'
  return {
    name: 'cabinet-route-pages',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      base = config.base
    },
    generateBundle(_options, bundle) {
      const index = bundle['index.html']
      if (index?.type !== 'asset') return
      const chunks = Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk')
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]))
      const entryChunk = chunks.find((chunk) => chunk.isEntry)
      const html = startInSteps(stylesheetsToBody(String(index.source)), base, entryChunk ? dependencyOrder(entryChunk, byFile) : [])
      index.source = withHeadTags(html, [bootCallsTag([])])
      const entry = staticClosure(
        chunks.filter((chunk) => chunk.isEntry),
        byFile,
      )
      const entryCss = cssOf(entry)

      const lazyChunk = (module: RegExp) => chunks.find((chunk) => chunk.isDynamicEntry && chunk.facadeModuleId && module.test(chunk.facadeModuleId))

      for (const [address, page] of Object.entries(pages)) {
        const route = lazyChunk(page.module)
        if (!route) {
          this.warn(`route-pages: no lazily loaded chunk matches ${page.module} for ${address}; the page is not written`)
          continue
        }
        const startChunks = (page.startImports ?? []).flatMap((module) => {
          const chunk = lazyChunk(module)
          if (!chunk) this.warn(`route-pages: no lazily loaded chunk matches ${module}; ${address} does not preload it`)
          return chunk ? [chunk] : []
        })
        const own = [...staticClosure([route, ...startChunks], byFile)].filter((chunk) => !entry.has(chunk))
        const links = [
          bootCallsTag(page.bootCalls ?? []),
          ...own.map((chunk) => `<link rel="modulepreload" crossorigin href="${base}${chunk.fileName}">`),
          ...[...cssOf(own)].filter((css) => !entryCss.has(css)).map((css) => `<link rel="preload" as="style" crossorigin href="${base}${css}">`),
        ]
        this.emitFile({
          type: 'asset',
          fileName: `${address.replace(/^\/|\/$/g, '')}/index.html`,
          source: withHeadTags(html, links),
        })
      }
    },
  }
}
