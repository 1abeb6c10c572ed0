import { expect, type Locator, type Page } from '@playwright/test'

/** The warehouse map modal (spec §2 /tpl/direction.html): «Схема проезда: <склад>». */
export class WarehouseMapDialog {
  readonly dialog: Locator
  readonly picture: Locator
  readonly close: Locator

  constructor(
    readonly page: Page,
    readonly warehouse: string,
  ) {
    this.dialog = page.getByRole('dialog', { name: `Схема проезда: ${warehouse}` })
    this.picture = this.dialog.getByRole('img', { name: new RegExp(`^Схема проезда к складу «${escapeRegExp(warehouse)}»`) })
    this.close = this.dialog.getByRole('button', { name: 'Закрыть' })
  }

  /** The address, "Режим работы" and the picture, loaded (the browser decoded it). */
  async expectShown(facts: { address: string; schedule: string }): Promise<void> {
    await expect(this.dialog).toBeVisible()
    await expect(this.dialog.getByText(facts.address, { exact: true })).toBeVisible()
    await expect(this.dialog.getByText(facts.schedule, { exact: true })).toBeVisible()
    await expect(this.picture).toBeVisible()
    await expect.poll(() => this.picture.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))).toBeGreaterThan(0)
  }
}

/** «Схема проезда» in a warehouse group's heading on /cart/. */
export const groupMapOpener = (page: Page, warehouse: string): Locator =>
  page.getByRole('region', { name: new RegExp(`^Склад: ${escapeRegExp(warehouse)}`) }).getByRole('button', { name: `Схема проезда: ${warehouse}` })

/** «Схема проезда: <склад>» in the delivery selector, shown when the goods are picked up. */
export const pickupMapOpener = (page: Page, warehouse: string): Locator =>
  page.getByRole('region', { name: 'Доставка и оформление' }).getByRole('button', { name: `Схема проезда: ${warehouse}` })

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
