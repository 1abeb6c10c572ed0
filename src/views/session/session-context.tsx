import { createContext, useContext, type ReactNode } from 'react'
import { useSelector } from '@xstate/react'
import type { SessionActor } from '../../machines/session.machine'
import type { SidebarActor } from '../../machines/sidebar.machine'

const SessionContext = createContext<SessionActor | null>(null)

/** The one session actor of the app, started by the app shell. */
export function SessionProvider({ actor, children }: { actor: SessionActor; children: ReactNode }) {
  return <SessionContext.Provider value={actor}>{children}</SessionContext.Provider>
}

export function useSessionActor(): SessionActor {
  const actor = useContext(SessionContext)
  if (!actor) throw new Error('useSessionActor needs a SessionProvider above it (the app shell creates the session actor)')
  return actor
}

/** The sidebar's actor: the session's child for as long as the app runs. */
export function useSidebarActor(): SidebarActor {
  const sidebar = useSelector(useSessionActor(), (snapshot) => snapshot.children.sidebar)
  if (!sidebar) throw new Error('the session runs no sidebar')
  return sidebar
}
