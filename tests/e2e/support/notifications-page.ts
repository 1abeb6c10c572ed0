import { expect, type Locator, type Page } from '@playwright/test'

/** /cabinet/notifications/: the company's notifications, each read or unread with its button. */
export class NotificationsPage {
  readonly heading: Locator
  readonly rows: Locator

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Уведомления' })
    this.rows = page.getByRole('main').locator('li[data-state]')
  }

  async open(): Promise<void> {
    await this.page.goto('/cabinet/notifications/')
    await expect(this.heading).toBeVisible()
  }

  /** A notification by its text. */
  row(text: string): Locator {
    return this.rows.filter({ hasText: text })
  }

  markRead(row: Locator): Locator {
    return row.getByRole('button', { name: 'Отметить прочитанным' })
  }

  markUnread(row: Locator): Locator {
    return row.getByRole('button', { name: 'Отметить непрочитанным' })
  }
}
