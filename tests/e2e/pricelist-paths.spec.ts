/**
 * The price-list machine's generated paths (tests/support/pricelist-paths.ts) replayed on
 * /cabinet/pricelist/ with three rows of the seeded catalogue (two products, one articul it does
 * not have): the file and the text are read by the real server, and the chosen lines go to the
 * real basket; a refused file (400, an old XLS), no connection (the call dropped) and a basket
 * that refuses a line (another order took its stock) are made by `page.route`, each call held
 * until the path's step answers it.
 *
 * Not replayed: any step but the field's blur or more typing right after a quantity typed over the
 * stock (in the browser a click elsewhere first blurs the field, which commits it: a step the path
 * does not have).
 */
import type { APIResponse, Page } from '@playwright/test'
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate'
import { BASKET_MESSAGES } from '../../src/contract/basket'
import type { ProductSetResponse } from '../../src/contract/product-set'
import { PRICELIST_MESSAGES, type PricelistResponse } from '../../src/contract/pricelist'
import { hasChosen, textProblem } from '../../src/machines/pricelist-rules'
import { PRICELIST_PAGE_MESSAGES, type PricelistContext } from '../../src/machines/pricelist.machine'
import { NETWORK_ERROR_MESSAGE } from '../../src/services/http'
import { FILE_REFUSAL, firstLineOf, lineKind, pricelistBrowserPaths } from '../support/pricelist-paths'
import { signIn } from './support/cabinet-shell'
import { clearBasket } from './support/cart-page'
import { DEMO } from './support/demo-logins'
import { expect, test } from './support/fixtures'
import { PricelistPage, productsWithArticul } from './support/pricelist-page'
import { holdCalls, replayPaths, type HeldCalls } from './support/replay-paths'

test.describe.configure({ timeout: 180_000 })

// ООО «СтройМаркет»'s main account: its basket is emptied before and after each path
const user = DEMO.dealer.email
const CALLS = {
  file: { path: '/api/uploadsFromFile/' },
  text: { path: '/api/uploadsFromBuffer/' },
  add: { path: '/api/addCartFromPricelist/' },
}

interface Handle {
  pricelist: PricelistPage
  calls: HeldCalls<keyof typeof CALLS>
  rows: string
  line: ReturnType<typeof firstLineOf>
}

test('price-list paths replayed in the browser: every transition a dealer can take', async ({ page }) => {
  await signIn(page, user)
  await clearBasket(page)
  const [first] = productsWithArticul(1, 15, 40, 1)
  const [second] = productsWithArticul(1, 50, 200, 1)
  const rows = ['Артикул;Количество', `${first!.articul};2`, `${second!.articul};3`, 'НЕТ-ТАКОГО-АРТИКУЛА;1'].join('\n')
  const read = async (response: Promise<APIResponse>) => {
    const answer = await response
    expect(answer.status(), await answer.text()).toBe(200)
    return (await answer.json()) as PricelistResponse
  }
  const text = await read(page.request.post(CALLS.text.path, { form: { text: rows, contract: '0', wms: '1' } }))
  const file = await read(
    page.request.post(CALLS.file.path, {
      multipart: { contract: '0', wms: '1', file: { name: 'order.csv', mimeType: 'text/csv', buffer: Buffer.from(rows) } },
    }),
  )
  expect(text.products.map((product) => product.id)).toEqual([first!.id, second!.id])
  const line = firstLineOf(text)
  const paths = pricelistBrowserPaths({ file, text, rows })

  const reached = await replayPaths('pricelist', paths, {
    start: async () => {
      const calls = await holdCalls(page, CALLS, {}, { matchInBrowser: true })
      const pricelist = new PricelistPage(page)
      await pricelist.open()
      return { pricelist, calls, rows, line }
    },
    act,
    expectShown,
    finish: async ({ calls }) => {
      await calls.release()
      await clearBasket(page)
    },
  })
  expect([...reached].sort()).toEqual(
    [
      '{"editing":"ready"}',
      '{"editing":"invalid"}',
      '{"editing":"failed"}',
      '"uploading"',
      '"recognizing"',
      '{"choosing":"ready"}',
      '{"choosing":"overStock"}',
      '{"choosing":"failed"}',
      '"adding"',
      '"refused"',
      '"added"',
    ].sort(),
  )
})

/** The open modal, whatever its title (the choice, or the lines the basket refused). */
const modalOf = (page: Page) => page.getByRole('dialog')

async function act({ pricelist, calls, rows, line }: Handle, event: AnyEventObject, before: AnyMachineSnapshot) {
  const { page } = pricelist
  const { quantity, increment } = pricelist.line(line.header)
  switch (event.type) {
    case 'warehouse.select':
      return pricelist.warehouse.selectOption(String(event.wms))
    case 'file.upload': {
      const chosen = event.file as { name: string; size: number } | null
      if (chosen === null) await pricelist.file.setInputFiles([])
      else await pricelist.file.setInputFiles({ name: chosen.name, mimeType: 'text/csv', buffer: chosen.size === 0 ? Buffer.alloc(0) : Buffer.from(rows) })
      return pricelist.upload.click()
    }
    case 'text.input':
      return pricelist.text.fill(String(event.text))
    case 'text.submit':
      return pricelist.recognize.click()
    case 'xstate.done.actor.uploadFile':
      return calls.pass('file')
    case 'xstate.error.actor.uploadFile':
      return calls.fulfill('file', 400, { message: FILE_REFUSAL })
    case 'xstate.done.actor.uploadText':
      return calls.pass('text')
    case 'xstate.error.actor.uploadText':
      return calls.abort('text')
    case 'line.toggle':
      return pricelist.line(line.header).checkbox.click()
    case 'lines.toggleAll':
      return pricelist.checkAll.click()
    case 'line.input':
      return quantity.fill(String(event.text))
    case 'line.commit':
      // the field commits when it loses the focus: Tab moves it to «+» (a bare blur would leave it
      // nowhere, and the modal's focus scope would put it back into the field, which the next click commits again)
      await quantity.focus()
      return quantity.press('Tab')
    case 'line.step':
      if (event.delta === 1) return increment.click()
      return pricelist.dialog
        .getByRole('group', { name: `Количество: ${line.header}` })
        .getByRole('button', { name: 'Уменьшить количество' })
        .click()
    case 'notice.dismiss':
      return modalOf(page).getByRole('alert').getByRole('button', { name: 'Закрыть' }).click()
    case 'cart.add':
      return pricelist.addToCart.click()
    case 'xstate.done.actor.addToCart': {
      const output = event.output as ProductSetResponse
      return output.refused.length > 0 ? calls.fulfill('add', 200, output) : calls.pass('add')
    }
    case 'xstate.error.actor.addToCart':
      return calls.abort('add')
    case 'cart.open':
      return modalOf(page).getByRole('button', { name: 'Перейти в корзину' }).click()
    case 'modal.close':
      // «Закрыть» under the refused lines, «Отмена» under the choice
      return before.matches('refused') ? modalOf(page).getByRole('button', { name: 'Закрыть' }).click() : pricelist.cancel.click()
    default:
      throw new Error(`${event.type}: not an event a dealer causes on /cabinet/pricelist/`)
  }
}

/** The check's message a step leads to: the file's or the text's. */
function invalidMessage(event: AnyEventObject, context: PricelistContext): string | null {
  if (event.type === 'file.upload') return event.file === null ? PRICELIST_MESSAGES.noFile : PRICELIST_MESSAGES.emptyFile
  if (event.type === 'text.submit') return textProblem(context.text)
  return null
}

/** What the dealer sees: the forms' messages and busy buttons, the modal with the line against its stock, the refused lines, the basket. */
async function expectShown({ pricelist, line }: Handle, state: AnyMachineSnapshot, event: AnyEventObject) {
  const { page } = pricelist
  const context = state.context as PricelistContext
  const where = `in ${JSON.stringify(state.value)}`
  const main = page.getByRole('main')
  if (state.matches('added')) return expect(page, where).toHaveURL(/\/cart\/$/)
  if (state.matches('uploading')) return expect(main.getByRole('button', { name: 'Загрузка…' }), where).toBeDisabled()
  if (state.matches('recognizing')) return expect(main.getByRole('button', { name: 'Распознавание…' }), where).toBeDisabled()
  if (state.matches('refused')) {
    await expect(page.getByRole('dialog', { name: 'Не все товары добавлены в корзину' }), where).toBeVisible()
    return expect(modalOf(page).getByRole('alert'), where).toContainText(line.header)
  }
  if (state.matches('editing')) {
    await expect(modalOf(page), where).toHaveCount(0)
    await expect(pricelist.upload, where).toBeEnabled()
    await expect(pricelist.recognize, where).toBeEnabled()
    if (event.type === 'warehouse.select') await expect(pricelist.warehouse, where).toHaveValue(String(event.wms))
    const alerts = main.getByRole('alert')
    if (state.matches({ editing: 'ready' })) return expect(alerts, where).toHaveCount(0)
    if (state.matches({ editing: 'invalid' })) {
      const message = invalidMessage(event, context)
      return message === null ? expect(alerts, where).toHaveCount(1) : expect(pricelist.message(message), where).toBeVisible()
    }
    const failed = pricelist.message(PRICELIST_PAGE_MESSAGES.readFailed)
    await expect(failed, where).toBeVisible()
    if (event.type === 'xstate.error.actor.uploadFile') await expect(failed, where).toContainText(FILE_REFUSAL)
    if (event.type === 'xstate.error.actor.uploadText') await expect(failed, where).toContainText(NETWORK_ERROR_MESSAGE)
    return
  }
  // the modal: choosing (ready, overStock, failed) or adding
  await expect(pricelist.dialog, where).toBeVisible()
  if (state.matches('adding')) return expect(pricelist.dialog.getByRole('button', { name: 'Добавление…' }), where).toBeDisabled()
  await expect(pricelist.addToCart, where).toBeEnabled({ enabled: hasChosen(context.lines) })
  const quantity = pricelist.line(line.header).quantity
  const kind = lineKind(context, line.id, line.stock)
  if (kind === 'top') await expect(quantity, where).toHaveValue(String(line.stock))
  if (kind === 'ok') await expect.poll(async () => Number(await quantity.inputValue()), { message: where }).toBeLessThan(line.stock)
  if (kind === 'over') await expect.poll(async () => Number(await quantity.inputValue()), { message: where }).toBeGreaterThan(line.stock)
  const alerts = pricelist.dialog.getByRole('alert')
  if (state.matches({ choosing: 'ready' })) return expect(alerts, where).toHaveCount(0)
  if (state.matches({ choosing: 'overStock' })) return expect(alerts, where).toContainText(BASKET_MESSAGES.overStock)
  await expect(alerts.filter({ hasText: PRICELIST_PAGE_MESSAGES.addFailed }), where).toContainText(NETWORK_ERROR_MESSAGE)
}
