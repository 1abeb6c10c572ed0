import { expect, type Locator, type Page } from '@playwright/test'

/** /cabinet/chat/: the conversation with the supplier manager, the message field, its counter and «Отправить». */
export class ChatPage {
  readonly heading: Locator
  readonly messages: Locator
  readonly field: Locator
  readonly counter: Locator
  readonly send: Locator
  readonly pending: Locator
  readonly retry: Locator

  constructor(readonly page: Page) {
    const main = page.getByRole('main')
    this.heading = page.getByRole('heading', { level: 1, name: 'Чат с менеджером' })
    this.messages = main.getByRole('listitem')
    this.field = main.getByLabel('Сообщение', { exact: true })
    this.counter = main.locator('#chat-counter')
    this.send = main.getByRole('button', { name: 'Отправить' })
    this.pending = main.getByTestId('chat-pending')
    this.retry = this.pending.getByRole('button', { name: 'Повторить' })
  }

  async open(): Promise<void> {
    await this.page.goto('/cabinet/chat/')
    await expect(this.heading).toBeVisible()
  }

  /** A message of the conversation by its text; `side`: the customer's own or the manager's. */
  message(text: string, side?: 'customer' | 'manager'): Locator {
    const items = this.page.getByRole('main').locator(side ? `li[data-side="${side}"]` : 'li[data-side]')
    return items.filter({ hasText: text })
  }
}
