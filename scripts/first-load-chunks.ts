import { fileURLToPath } from 'node:url'
import type { Rolldown } from 'vite'

type ChunkingContext = Rolldown.ChunkingContext

const ENTRY = fileURLToPath(new URL('../src/app/main.tsx', import.meta.url))
const FIRST_ROUTE = fileURLToPath(new URL('../src/app/routes/catalogue-route.tsx', import.meta.url))
/**
 * the first route's module: it stays in a chunk of its own, the one its lazy import loads (the
 * route pages and the size check find the route by it); the catalogue's views go into `app`
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
 * Our code of the first load in one chunk, `app`, instead of a dozen: what every start runs (the
 * entry's static imports) and the catalogue's screen with the widgets it shares with other screens
 * (the table, pagination, the quantity stepper). Left to itself the bundler gives each set of
 * sharing screens a chunk of its own, and every extra chunk costs its import and export lists.
 * The catalogue's views were once a chunk apart (`kit`) that the login page did not load: joined,
 * the catalogue's first load is 1.0 KB gzipped lighter, every other screen loaded `kit` anyway,
 * and the login page's 7 KB more is less than the 24 KB of react-aria's modal it no longer loads
 * (src/views/ui/modal-frame.tsx).
 */
export function firstLoadGroups(): Rolldown.CodeSplittingGroup[] {
  let inApp: Set<string> | null = null
  const assign = (context: ChunkingContext) => {
    const fromEntry = staticClosure(context, ENTRY)
    const firstRoute = [...staticClosure(context, FIRST_ROUTE)].filter((id) => isOurs(id) && !FIRST_ROUTE_OWN.test(id))
    const entryOwn = [...fromEntry].filter((id) => (isOurs(id) || PRELOAD_HELPER.test(id)) && id !== ENTRY)
    return new Set([...firstRoute, ...entryOwn])
  }
  return [
    {
      debugName: 'first-load',
      name: (id, context) => ((inApp ??= assign(context)).has(id) ? 'app' : null),
      // a captured module's imports stay where they are
      includeDependenciesRecursively: false,
    },
  ]
}
