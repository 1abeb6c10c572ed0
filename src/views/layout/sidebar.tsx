import { Link, useLocation } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { Suspense } from 'react'
import { initialsOf } from '../../contract/frame'
import { isActiveEntry, MENU, menuTree, type MenuEntry } from '../../contract/menu'
import { useAppDeps } from '../app-deps'
import { useSidebarActor } from '../session/session-context'
import { ChevronsIcon } from '../ui/icons'
import { useInitData, useShellActor } from './shell-context'
import styles from './sidebar.module.css'
import { lazyPart } from '../ui/lazy-part'

const NAV_ID = 'cabinet-menu'

// «Заказать звонок» and its dialog load after the first paint (the drawer imports the entry itself)
const SidebarCallback = lazyPart(() => import('./callback-frame'))

/**
 * Spec §2, §4: the menu of the screens that exist and are not hidden from this login; wide or
 * narrow. Under the narrow-screen breakpoint the stylesheet hides it: the drawer shows the menu.
 */
export function Sidebar() {
  const sidebar = useSidebarActor()
  const narrow = useSelector(sidebar, (snapshot) => snapshot.matches({ width: 'narrow' }))

  return (
    <aside className={narrow ? `${styles.sidebar} ${styles.narrow}` : styles.sidebar}>
      <div className={styles.top}>
        {narrow ? null : <span className={styles.brand}>Кабинет дилера</span>}
        <button
          type="button"
          className={styles.toggle}
          aria-expanded={!narrow}
          aria-controls={NAV_ID}
          aria-label={narrow ? 'Развернуть меню' : 'Свернуть меню'}
          onClick={() => sidebar.send({ type: 'sidebar.toggle' })}
        >
          <ChevronsIcon direction={narrow ? 'right' : 'left'} />
        </button>
      </div>
      <nav id={NAV_ID} aria-label="Меню кабинета">
        <MenuLinks narrow={narrow} />
        <Suspense fallback={null}>
          <SidebarCallback />
        </Suspense>
      </nav>
    </aside>
  )
}

/**
 * The menu's entries, as the sidebar and the narrow-screen drawer show them; child entries (spec §6)
 * in a nested list under their parent.
 */
export function MenuLinks({ narrow, onFollow }: { narrow: boolean; onFollow?: () => void }) {
  const { builtScreens } = useAppDeps()
  const { account } = useInitData()
  const pathname = useLocation({ select: (location) => location.pathname })
  const nodes = menuTree(MENU, { built: builtScreens, disabled: account.disabledMenus })
  // the unread counts beside «Чат с менеджером» and «Уведомления», from the frame's inbox (none until it runs)
  const inbox = useSelector(useShellActor(), (snapshot) => snapshot.children.inbox)
  const unread = useSelector(inbox, (snapshot) => snapshot?.context.unread) as Record<string, number> | null | undefined
  const link = (entry: MenuEntry) => (
    <Link
      to={entry.path}
      className={styles.link}
      activeOptions={{ exact: true, includeSearch: false }}
      aria-current={isActiveEntry(entry, pathname) ? 'page' : undefined}
      aria-label={narrow ? entry.title : undefined}
      data-unread={unread?.[entry.key]}
      onClick={onFollow}
    >
      {narrow ? (
        <>
          <span className={styles.initials} aria-hidden="true">
            {initialsOf(entry.title)}
          </span>
          <span className={styles.tooltip} aria-hidden="true">
            {entry.title}
          </span>
        </>
      ) : (
        entry.title
      )}
    </Link>
  )
  return (
    <>
      <ul className={styles.list}>
        {nodes.map(({ entry, children }) => (
          <li key={entry.key}>
            {link(entry)}
            {children.length > 0 ? (
              <ul className={styles.children} aria-label={entry.title}>
                {children.map((child) => (
                  <li key={child.key}>{link(child)}</li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
    </>
  )
}
