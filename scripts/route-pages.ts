import type { Plugin, Rolldown } from 'vite'

type OutputChunk = Rolldown.OutputChunk

export interface RoutePage {
  /** the lazily loaded route module the address shows, matched against its source path */
  module: RegExp
  /**
   * GET answers fetched while the scripts load: only calls that every start of the page makes, since
   * an answer nobody took is handed to a later call of the same address, however stale by then
   */
  fetches?: readonly string[]
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

const cssOf = (chunks: Iterable<OutputChunk>) => new Set([...chunks].flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])]))

/**
 * Writes a copy of index.html for each screen address (cabinet/orders/index.html for
 * '/cabinet/orders/'), whose head also preloads the screen's own chunks, their CSS and the
 * session. Without it a cold start is a waterfall: the entry script runs, the router asks for the
 * session, then for the screen's chunk. The server sends the nearest page up the address
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
      const html = String(index.source)
      const chunks = Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk')
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]))
      const entry = staticClosure(
        chunks.filter((chunk) => chunk.isEntry),
        byFile,
      )
      const entryCss = cssOf(entry)

      for (const [address, page] of Object.entries(pages)) {
        const route = chunks.find((chunk) => chunk.isDynamicEntry && chunk.facadeModuleId && page.module.test(chunk.facadeModuleId))
        if (!route) {
          this.warn(`route-pages: no lazily loaded chunk matches ${page.module} for ${address}; the page is not written`)
          continue
        }
        const own = [...staticClosure([route], byFile)].filter((chunk) => !entry.has(chunk))
        const links = [
          ...(page.fetches ?? []).map((url) => `<link rel="preload" as="fetch" crossorigin href="${url}">`),
          ...own.map((chunk) => `<link rel="modulepreload" crossorigin href="${base}${chunk.fileName}">`),
          ...[...cssOf(own)].filter((css) => !entryCss.has(css)).map((css) => `<link rel="preload" as="style" crossorigin href="${base}${css}">`),
        ]
        this.emitFile({
          type: 'asset',
          fileName: `${address.replace(/^\/|\/$/g, '')}/index.html`,
          source: html.replace('</head>', `${links.map((link) => `  ${link}\n  `).join('')}</head>`),
        })
      }
    },
  }
}
