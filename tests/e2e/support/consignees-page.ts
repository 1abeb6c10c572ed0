import { deflateSync, crc32 } from 'node:zlib'
import { randomBytes } from 'node:crypto'
import { expect, type Locator, type Page } from '@playwright/test'

/** /cabinet/consignees/: the list, «Добавить грузополучателя», the modal and the removal question. */
export class ConsigneesPage {
  readonly heading: Locator
  readonly add: Locator
  readonly modal: Locator
  readonly surname: Locator
  readonly name: Locator
  readonly file: Locator
  readonly save: Locator
  readonly progress: Locator
  readonly removeDialog: Locator

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Грузополучатели' })
    this.add = page.getByRole('button', { name: 'Добавить грузополучателя' })
    this.modal = page.getByRole('dialog')
    this.surname = this.modal.getByLabel('Фамилия')
    this.name = this.modal.getByLabel('Имя')
    this.file = this.modal.getByLabel('Файл (изображение)')
    this.save = this.modal.getByRole('button', { name: 'Сохранить' })
    this.progress = this.modal.getByRole('progressbar', { name: 'Загрузка файла' })
    this.removeDialog = page.getByRole('alertdialog', { name: 'Удалить грузополучателя?' })
  }

  async open(): Promise<void> {
    await this.page.goto('/cabinet/consignees/')
    await expect(this.heading).toBeVisible()
  }

  /** A consignee's row (a card on a phone), by surname and name. */
  row(surname: string, name: string): Locator {
    return this.page.getByRole('main').getByRole('row', { name: `${surname} ${name}`, exact: true })
  }
}

const chunk = (type: string, data: Buffer) => {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

/** A real PNG of random pixels: noise does not compress, so `side` 600 makes about 1 MB. */
export function noisePng(side = 600): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(side, 0)
  header.writeUInt32BE(side, 4)
  header.set([8, 2, 0, 0, 0], 8) // 8-bit RGB, no interlace
  const rows = Array.from({ length: side }, () => Buffer.concat([Buffer.from([0]), randomBytes(side * 3)]))
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 0 })),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

/** Every aria-valuenow the page's progress bars show, recorded as they change (installed before the page loads). */
export async function recordProgress(page: Page): Promise<() => Promise<number[]>> {
  await page.addInitScript(() => {
    const seen: number[] = []
    ;(window as unknown as { progressSeen: number[] }).progressSeen = seen
    new MutationObserver((records) => {
      for (const record of records) {
        const target = record.target instanceof Element ? record.target : null
        const bars = [...(target?.querySelectorAll('[role="progressbar"]') ?? []), ...(target?.matches('[role="progressbar"]') ? [target] : [])]
        for (const bar of bars) seen.push(Number(bar.getAttribute('aria-valuenow')))
      }
    }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-valuenow'] })
  })
  return () => page.evaluate(() => (window as unknown as { progressSeen: number[] }).progressSeen)
}
