import { readFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import type { JournalExport } from '../../../src/services/journal'

/** Opens the profile from the menu and downloads the journal («Скачать журнал»): its text and its JSON. */
export async function exportJournal(page: Page): Promise<{ text: string; journal: JournalExport }> {
  await page.getByRole('navigation', { name: 'Меню кабинета' }).getByRole('link', { name: 'Профиль' }).click()
  const section = page.getByRole('main').getByRole('region', { name: 'Журнал действий' })
  const [download] = await Promise.all([page.waitForEvent('download'), section.getByRole('button', { name: 'Скачать журнал' }).click()])
  const text = await readFile((await download.path())!, 'utf8')
  return { text, journal: JSON.parse(text) as JournalExport }
}
