import { useAppDeps } from '../app-deps'
import { Button } from '../ui/button'
import styles from './profile-page.module.css'

/** The file name of an export made now: cabinet-journal-2026-11-23T10-15-00.json */
const journalFileName = (at: Date) => `cabinet-journal-${at.toISOString().slice(0, 19).replaceAll(':', '-')}.json`

function download(fileName: string, json: string) {
  const url = URL.createObjectURL(new Blob([json], { type: 'application/json' }))
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName })
  link.click()
  URL.revokeObjectURL(url)
}

/** For bug reports: every step of this browser tab's workflows as a JSON file (architecture §4). */
export function JournalExport() {
  const { journal } = useAppDeps()
  return (
    <section className={styles.section} aria-labelledby="profile-journal">
      <h2 id="profile-journal">Журнал действий</h2>
      <p>Если что-то пошло не так, скачайте журнал и приложите его к обращению: в нём шаги, которые кабинет выполнил в этой вкладке (без паролей).</p>
      <Button onPress={() => void journal.exportJson().then((json) => download(journalFileName(new Date()), json))}>Скачать журнал</Button>
    </section>
  )
}
