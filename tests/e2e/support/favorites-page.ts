import { expect, type Locator, type Page } from '@playwright/test'
import { markedGoodsResponseSchema, type MarkedGoodsResponse, type MarkedList } from '../../../src/contract/favorites'
import { MARKED_LIST_TEXTS, NEED_MESSAGES } from '../../../src/machines/favorites-needs.machine'
import { AddToBasketControls } from './product-card'

/** /cabinet/favorites/ or /cabinet/needs/: the marked products, «Убрать», the need field, «В корзину». */
export class MarkedGoodsPage {
  readonly heading: Locator
  readonly rows: Locator
  readonly empty: Locator
  readonly total: Locator

  constructor(
    readonly page: Page,
    readonly list: MarkedList,
  ) {
    const main = page.getByRole('main')
    this.heading = page.getByRole('heading', { level: 1, name: MARKED_LIST_TEXTS[list].title })
    this.rows = main
      .getByRole('table')
      .getByRole('row')
      .filter({ has: page.getByRole('form', { name: /^В корзину: / }) })
    this.empty = main.getByText(MARKED_LIST_TEXTS[list].empty, { exact: true })
    this.total = main.getByText(/^Найдено: /)
  }

  async open(): Promise<void> {
    await this.page.goto(`/cabinet/${this.list}/`)
    await expect(this.heading).toBeVisible()
  }

  /** A product's row, by its name. */
  row(header: string): Locator {
    return this.rows.filter({ has: this.page.getByRole('button', { name: header, exact: true }) })
  }

  productLink(header: string): Locator {
    return this.row(header).getByRole('button', { name: header, exact: true })
  }

  addToBasket(header: string): AddToBasketControls {
    return new AddToBasketControls(this.row(header), header)
  }

  remove(header: string): Locator {
    return this.row(header).getByRole('button', { name: `${MARKED_LIST_TEXTS[this.list].remove}: ${header}` })
  }

  /** The need quantity's field and its messages (the needs page). */
  need(header: string) {
    const form = this.row(header).getByRole('form', { name: `Потребность: ${header}` })
    return {
      field: form.getByRole('textbox', { name: `Потребность, шт.: ${header}` }),
      save: form.getByRole('button', { name: `Сохранить потребность: ${header}` }),
      invalid: form.getByRole('alert').filter({ hasText: NEED_MESSAGES.badNeed }),
      saved: form.getByRole('status').filter({ hasText: NEED_MESSAGES.saved }),
    }
  }
}

/** The signed-in user's whole list (selected contract, warehouse 1), as the API gives it. */
export async function markedGoodsData(page: Page, list: MarkedList): Promise<MarkedGoodsResponse> {
  const response = await page.request.get(`/api/${list}/?page=1&perpage=100`)
  expect(response.status()).toBe(200)
  return markedGoodsResponseSchema.parse(await response.json())
}

async function postOk(page: Page, url: string, data: object): Promise<void> {
  const response = await page.request.post(url, { data })
  expect(response.status(), `${url} ${JSON.stringify(data)}`).toBe(200)
}

export const setWish = (page: Page, id: number) => postOk(page, '/api/setWish/', { id })
export const setNeed = (page: Page, id: number, need: number) => postOk(page, '/api/setNeed/', { id, need })

/** Takes every product off both of the user's lists through the API. */
export async function clearMarks(page: Page): Promise<void> {
  for (const product of (await markedGoodsData(page, 'favorites')).goods) await postOk(page, '/api/unsetWish/', { id: product.id })
  for (const product of (await markedGoodsData(page, 'needs')).goods) await postOk(page, '/api/unsetNeed/', { id: product.id })
}
