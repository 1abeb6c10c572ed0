import type { Locator, Page } from '@playwright/test'

/** The shared pagination control (spec §2): numbered cells, an ellipsis, the prev and next arrows. */
export class Pagination {
  readonly nav: Locator
  /** the cell of the page shown now */
  readonly current: Locator
  readonly previous: Locator
  readonly next: Locator

  constructor(page: Page) {
    this.nav = page.getByRole('navigation', { name: 'Страницы' })
    this.current = this.nav.locator('[aria-current="page"]')
    this.previous = this.nav.getByRole('link', { name: 'Предыдущая страница' })
    this.next = this.nav.getByRole('link', { name: 'Следующая страница' })
  }

  cell(page: number): Locator {
    return this.nav.getByRole('link', { name: `Страница ${page}`, exact: true })
  }
}
