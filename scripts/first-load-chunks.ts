import { fileURLToPath } from 'node:url'
import type { Rolldown } from 'vite'

type ChunkingContext = Rolldown.ChunkingContext

const ENTRY = fileURLToPath(new URL('../src/app/main.tsx', import.meta.url))
const FIRST_ROUTE = fileURLToPath(new URL('../src/app/routes/catalogue-route.tsx', import.meta.url))
/**
 * the first route's module: it stays in a chunk of its own, the one its lazy import loads (the
 * route pages and the size check find the route by it); the catalogue's views go into `kit`
 */
const FIRST_ROUTE_OWN = /[\\/]src[\\/]app[\\/]routes[\\/]catalogue-route\.tsx$/
/** Vite's helper that preloads a lazy chunk's imports: in `app`, not a chunk of its own (one file and import list less) */
const PRELOAD_HELPER = /^\0vite\/preload-helper/
const isOurs = (id: string) => !/[\\/]node_modules[\\/]/.test(id) && !id.startsWith('\0')

function staticClosure(context: ChunkingContext, start: string): Set<string> {
  const found = new Set<string>()
  const pending = [start]
  while (pending.length > 0) {
    const id = pending.pop()!
    if (found.has(id)) continue
    found.add(id)
    pending.push(...(context.getModuleInfo(id)?.importedIds ?? []))
  }
  return found
}

/**
 * Our code of the first load in two chunks instead of a dozen: `app`, what every start runs (the
 * entry's static imports), and `kit`, the catalogue's screen with the widgets it shares with other
 * screens (the table, pagination, the quantity stepper). Left to itself the bundler gives each set
 * of sharing screens a chunk of its own, and every extra chunk costs its import and export lists.
 * The catalogue's views sit in `kit`, not in the route's chunk: apart, the two chunks' import
 * lists and separate compression cost 0.86 KB gzipped of the catalogue's first load, more than
 * the 3.7 KB of the catalogue's views weigh for a screen that needs only the widgets (every
 * screen loads `kit`, and the cabinet opens on the catalogue). The entry's chunk does not import
 * `kit`, so the login page does not load it.
 */
export function firstLoadGroups(): Rolldown.CodeSplittingGroup[] {
  let chunkOf: Map<string, 'app' | 'kit'> | null = null
  const assign = (context: ChunkingContext) => {
    const fromEntry = staticClosure(context, ENTRY)
    const chunks = new Map<string, 'app' | 'kit'>()
    for (const id of staticClosure(context, FIRST_ROUTE)) {
      if (isOurs(id) && !fromEntry.has(id) && !FIRST_ROUTE_OWN.test(id)) chunks.set(id, 'kit')
    }
    for (const id of fromEntry) if ((isOurs(id) || PRELOAD_HELPER.test(id)) && id !== ENTRY) chunks.set(id, 'app')
    return chunks
  }
  return [
    {
      debugName: 'first-load',
      name: (id, context) => (chunkOf ??= assign(context)).get(id) ?? null,
      // a captured module's imports stay where they are, or the entry would import `kit`
      includeDependenciesRecursively: false,
    },
  ]
}
