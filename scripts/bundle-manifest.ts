/** The part of Vite's .vite/manifest.json the size check reads. */
interface ManifestChunk {
  file: string
  src?: string
  name?: string
  isEntry?: boolean
  imports?: string[]
  dynamicImports?: string[]
  css?: string[]
}
export type Manifest = Record<string, ManifestChunk>

/** The catalogue (/cabinet/), the first route a signed-in dealer sees: its route module and screen folder. */
export const CATALOGUE_ROUTE = /src\/(views\/catalogue\/|app\/routes\/catalogue-route)/

/** A screen's route module (src/app/routes/<name>-route.tsx), which its page loads first. */
const ROUTE_MODULE = /src\/app\/routes\/([\w-]+)-route\.tsx$/

export interface RouteModule {
  name: string
  /** what routeFirstLoad takes: the route module (the catalogue's with its screen folder) */
  route: RegExp
}

/** Every route module the build has, by name; the catalogue's pattern is CATALOGUE_ROUTE. */
export function routeModules(manifest: Manifest): RouteModule[] {
  const names = Object.values(manifest).flatMap((chunk) => ROUTE_MODULE.exec(chunk.src ?? '')?.[1] ?? [])
  return [...new Set(names)].sort().map((name) => ({
    name,
    route: name === 'catalogue' ? CATALOGUE_ROUTE : new RegExp(`src/app/routes/${name}-route\\.tsx$`),
  }))
}

export interface RouteFiles {
  js: string[]
  css: string[]
}

function staticClosure(manifest: Manifest, keys: Iterable<string>, into: Set<string>): Set<string> {
  const pending = [...keys]
  while (pending.length > 0) {
    const key = pending.pop()!
    if (into.has(key) || !manifest[key]) continue
    into.add(key)
    pending.push(...(manifest[key].imports ?? []))
  }
  return into
}

/**
 * The files a browser fetches to show a route on a cold start: the entry with everything it
 * imports statically, then the lazily loaded chunks whose source path matches `route` (the
 * route's own modules) with their static imports.
 */
export function routeFirstLoad(manifest: Manifest, route: RegExp): RouteFiles {
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry)
  const chunks = staticClosure(manifest, entries, new Set())
  const routeChunks = [...chunks].flatMap((key) => manifest[key]?.dynamicImports ?? []).filter((key) => route.test(manifest[key]?.src ?? key))
  staticClosure(manifest, routeChunks, chunks)
  const files = [...chunks].map((key) => manifest[key]!)
  return {
    js: [...new Set(files.map((chunk) => chunk.file))].filter((file) => file.endsWith('.js')).sort(),
    css: [...new Set(files.flatMap((chunk) => chunk.css ?? []))].sort(),
  }
}

/** Lazily loaded chunks outside the given route: the proof that other screens are split off. */
export function otherRouteChunks(manifest: Manifest, route: RegExp): string[] {
  const firstLoad = new Set(routeFirstLoad(manifest, route).js)
  const lazy = new Set(Object.values(manifest).flatMap((chunk) => chunk.dynamicImports ?? []))
  return Object.entries(manifest)
    .filter(([key, chunk]) => lazy.has(key) && !firstLoad.has(chunk.file))
    .map(([key, chunk]) => chunk.src ?? `${chunk.name ?? key} (shared chunk)`)
    .sort()
}
