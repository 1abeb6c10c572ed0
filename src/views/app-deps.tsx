import { createContext, useContext, type ReactNode } from 'react'
import type { InspectionEvent } from 'xstate'

/**
 * What the views need from the app layer besides the actor system, without importing services
 * (architecture §2: a view never imports a service): the sidebar's actor, the screens the route
 * tree has, and the journal. Every workflow's machine runs in the session's actor system; views
 * read those from the session, the shell and the screen host.
 */
export interface AppDeps {
  /** menu keys of the screens the route tree has (the sidebar shows only these) */
  builtScreens: readonly string[]
  /** the journal of every machine's events (architecture §4), for QA and bug reports */
  journal: {
    inspect: (inspection: InspectionEvent) => void
    /** reading waits for the part of the journal that is not in the first load */
    size: () => Promise<number>
    exportJson: () => Promise<string>
  }
}

const AppDepsContext = createContext<AppDeps | null>(null)

export function AppDepsProvider({ deps, children }: { deps: AppDeps; children: ReactNode }) {
  return <AppDepsContext.Provider value={deps}>{children}</AppDepsContext.Provider>
}

export function useAppDeps(): AppDeps {
  const deps = useContext(AppDepsContext)
  if (!deps) throw new Error('useAppDeps needs an AppDepsProvider above it')
  return deps
}
