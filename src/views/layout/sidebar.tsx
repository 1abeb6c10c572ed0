import { Link, useLocation } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { MENU } from '../../contract/menu'
import { isActiveEntry, visibleMenu } from '../../machines/menu'
import { useAppDeps } from '../app-deps'
import { useInitData } from './shell-context'
import styles from './sidebar.module.css'

const NAV_ID = 'cabinet-menu'

/** "Акты сверки" → "АС", "Каталог" → "Ка": what a narrow sidebar shows for an entry. */
export function initialsOf(title: string): string {
  const words = title.split(/[\s-]+/).filter((word) => word.length > 2)
  const [first = title, second] = words
  return second ? `${first[0]}${second[0]}`.toUpperCase() : `${first[0]?.toUpperCase() ?? ''}${first[1] ?? ''}`
}

/** Spec §2, §4: the menu of the screens that exist and are not hidden from this login; wide or narrow. */
export function Sidebar() {
  const { sidebar, builtScreens } = useAppDeps()
  const narrow = useSelector(sidebar, (snapshot) => snapshot.matches('narrow'))
  const { account } = useInitData()
  const pathname = useLocation({ select: (location) => location.pathname })
  const entries = visibleMenu(MENU, { built: builtScreens, disabled: account.disabledMenus })

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
          <span aria-hidden="true">{narrow ? '»' : '«'}</span>
        </button>
      </div>
      <nav id={NAV_ID} aria-label="Меню кабинета">
        <ul className={styles.list}>
          {entries.map((entry) => (
            <li key={entry.key}>
              <Link
                to={entry.path}
                className={styles.link}
                activeOptions={{ exact: true, includeSearch: false }}
                aria-current={isActiveEntry(entry, pathname) ? 'page' : undefined}
                aria-label={narrow ? entry.title : undefined}
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
            </li>
          ))}
        </ul>
      </nav>
    </aside>
  )
}
