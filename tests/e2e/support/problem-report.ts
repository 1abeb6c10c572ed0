import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import type { Locator, Page } from '@playwright/test'

const run = promisify(execFile)

/** «Сообщить о проблеме» on /cabinet/profile/: the comment, its counter, «Отправить» and what the send answered. */
export class ProblemReportSection {
  readonly section: Locator
  readonly comment: Locator
  readonly send: Locator
  readonly status: Locator
  readonly alert: Locator

  constructor(page: Page) {
    this.section = page.getByRole('main').getByRole('region', { name: 'Сообщить о проблеме' })
    this.comment = this.section.getByLabel('Описание проблемы')
    this.send = this.section.getByRole('button', { name: /^(Отправить|Отправляем…|Повторить)$/ })
    this.status = this.section.getByRole('status')
    this.alert = this.section.getByRole('alert')
  }

  counter(text: string): Locator {
    return this.section.getByText(text, { exact: true })
  }
}

/** `npm run journal:replay <file>`: its exit code and what it printed. */
export const replayJournalFile = (file: string): Promise<{ code: number; stdout: string }> =>
  run('npx', ['tsx', 'scripts/replay-journal.ts', file], { cwd: process.cwd() }).then(
    ({ stdout }) => ({ code: 0, stdout }),
    (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
  )
