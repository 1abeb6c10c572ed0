import { Link, type ErrorComponentProps } from '@tanstack/react-router'
import { sectionClosedMessage } from '../../contract/menu'
import { firstOpenEntry, SectionClosedError } from '../../machines/menu'
import { useAppDeps } from '../app-deps'
import { buttonClassName } from '../ui/button'
import styles from './not-found-page.module.css'
import { PageError } from './page-error'
import { useInitData } from './shell-context'

const NO_ACCESS_TITLE = 'Нет доступа'
const NO_ACCESS_HINT = 'Доступ к разделам открывает основная учётная запись вашей компании.'

/** Issue 11: a section the account's disabledMenus close, opened by its address; inside the frame. */
function NoAccessPage({ section }: { section: string }) {
  const { builtScreens } = useAppDeps()
  const { account } = useInitData()
  const target = firstOpenEntry({ built: builtScreens, disabled: account.disabledMenus })
  return (
    <section className={styles.page} aria-labelledby="no-access-title">
      <h1 id="no-access-title">{NO_ACCESS_TITLE}</h1>
      <p role="alert">{sectionClosedMessage(section)}.</p>
      <p>{NO_ACCESS_HINT}</p>
      <Link to={target.path} className={buttonClassName('primary')}>
        Перейти в раздел «{target.title}»
      </Link>
    </section>
  )
}

/** The error component of the section routes: the no-access page for a closed section, the page error otherwise. */
export function SectionErrorPage({ error }: ErrorComponentProps) {
  return error instanceof SectionClosedError ? <NoAccessPage section={error.section} /> : <PageError />
}
