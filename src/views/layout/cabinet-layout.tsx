import { Outlet } from '@tanstack/react-router'
import { useDeferredValue } from 'react'
import { useSelector } from '@xstate/react'
import { SHELL_MESSAGES, type ShellActor } from '../../machines/shell.machine'
import { useSidebarActor } from '../session/session-context'
import { useSessionActor } from '../session/session-context'
import { SessionProductCard } from '../product/hosted-product-card'
import { ErrorBlock } from '../ui/error-block'
import { Loading } from '../ui/loading'
import styles from './cabinet-layout.module.css'
import { Header } from './header'
import { ShellProvider } from './shell-context'
import { Sidebar } from './sidebar'
import { TopNewsBanner } from './top-news-banner'
import { SidebarDrawer } from './sidebar-drawer'

export const CABINET_LOADING_LABEL = 'Загрузка кабинета…'

/**
 * The signed-in frame: the shell machine (init data, contract switching, the basket summary) is
 * the session's child while the dealer is signed in; this shows the sidebar, the header and the
 * current screen.
 */
export function CabinetLayout() {
  const shell = useSelector(useSessionActor(), (snapshot) => snapshot.children.shell)
  if (!shell) return <Loading label={CABINET_LOADING_LABEL} fullPage />
  return (
    <ShellProvider actor={shell}>
      <CabinetFrame shell={shell} />
    </ShellProvider>
  )
}

function CabinetFrame({ shell }: { shell: ShellActor }) {
  const shown = useSelector(shell, (snapshot) => (snapshot.matches('ready') ? 'ready' : snapshot.matches('failed') ? 'failed' : 'loading'))
  // the shell's readiness is a store update, which React would render at once and whole: the
  // frame's first render, one long task on a phone. Deferred (from the loader, also when the frame
  // mounts with the shell ready), React splits it into short tasks
  const view = useDeferredValue(shown, 'loading')
  const errorMessage = useSelector(shell, (snapshot) => snapshot.context.errorMessage)
  const sidebarMode = useSelector(useSidebarActor(), (snapshot) => (snapshot.matches({ width: 'narrow' }) ? 'narrow' : 'wide'))

  if (view === 'loading') return <Loading label={CABINET_LOADING_LABEL} fullPage />
  if (view === 'failed') {
    return (
      <ErrorBlock
        title={SHELL_MESSAGES.loadFailed}
        message={errorMessage}
        retryLabel={SHELL_MESSAGES.retry}
        onRetry={() => shell.send({ type: 'shell.retry' })}
        fullPage
      />
    )
  }
  return (
    <div className={styles.frame} data-sidebar={sidebarMode}>
      <a className={styles.skipLink} href="#content">
        Перейти к содержимому
      </a>
      <Sidebar />
      <SidebarDrawer />
      <div className={styles.column}>
        <Header />
        <TopNewsBanner />
        <main id="content" className={styles.content} tabIndex={-1}>
          <DeferredScreen />
        </main>
        <SessionProductCard />
      </div>
    </div>
  )
}

/**
 * The screen, rendered after the frame's first paint: the frame (with the top news, a phone's
 * largest text and so its LCP element) commits at once, and the screen's first render follows as
 * a transition, which React splits into short tasks instead of one long one (issue 24). Later
 * address changes render at once, as the value stays true.
 */
const DeferredScreen = () => useDeferredValue(true, false) && <Outlet />
