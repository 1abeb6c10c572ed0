import { existsSync } from 'node:fs'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { Page } from '@playwright/test'
import type { JournalEntry, JournalExport } from '../../src/services/journal'
import { ATLAS, offline } from './support/atlas-site'
import { stockedProducts } from './support/cart-page'
import { CataloguePage } from './support/catalogue-page'
import { expect, test } from './support/fixtures'
import { exportJournal } from './support/journal-download'
import { OrdersPage, placeOrderThroughApi } from './support/orders-page'
import { addFirstWithStock } from './support/product-card'

/**
 * The atlas's journal viewer (reports/atlas/journal.html) as QA uses it on a bug report: a journal
 * a dealer exported in this run, opened from the file system with the network blocked, stepped
 * through on orderCancel's diagram; then the same journal edited by hand, and stamped as an older build.
 * ATLAS_VIEWER_SCREENSHOT=1 also writes the README's picture, docs/atlas-viewer.png (1,280 px wide).
 */
const SCREENSHOT = fileURLToPath(new URL('../../docs/atlas-viewer.png', import.meta.url))

/** Hands the viewer a journal by its file input, as a dealer's file would be chosen. */
async function loadJournal(page: Page, journal: JournalExport, name: string): Promise<void> {
  await page.getByLabel('Choose a journal file').setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(journal)) })
  await expect(page.getByRole('status').filter({ hasText: `${name}: ${journal.entries.length} entries` })).toBeVisible()
}

/** The orderCancel actor's entries in the journal (the dealer cancelled one order). */
const cancelEntries = (journal: JournalExport): JournalEntry[] => journal.entries.filter((entry) => entry.machine === 'orderCancel')

test.beforeAll(() => {
  expect(existsSync(`${ATLAS}journal.html`), 'reports/atlas is built by npm run atlas').toBe(true)
})

test("a dealer's journal steps through on the diagram offline; an edited step departs; an older build says so", async ({ page, context, checkA11y }) => {
  test.setTimeout(240_000)
  // the dealer: filters the catalogue, adds to the basket, cancels an order, exports the journal
  const catalogue = new CataloguePage(page)
  await catalogue.open('/cabinet/?catalog=-1')
  await catalogue.changing(() => catalogue.onlyAvailable.check())
  await addFirstWithStock(catalogue.rows)
  const [product] = stockedProducts(1, 5, 60, 1)
  const order = await placeOrderThroughApi(page, [{ id: product!.id, qnt: 1, wms: 1 }])
  const orders = new OrdersPage(page)
  await orders.open()
  await orders.cancel(order)
  await orders.confirmCancel('журнал для атласа')
  await expect(orders.stateBadge(order)).toHaveText('Отменён')
  const { journal } = await exportJournal(page)
  const recorded = cancelEntries(journal)
  expect(recorded.map((entry) => entry.event.type)).toEqual(['xstate.init', 'cancel.confirm', 'xstate.done.actor.cancelOrder'])
  const actor = recorded[0]!.actor

  // QA: the atlas from the file system, nothing off it
  const refused = await offline(context)
  await page.goto(pathToFileURL(`${ATLAS}index.html`).href)
  await page.getByRole('link', { name: 'Journal viewer' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Journal viewer' })).toBeVisible()
  await loadJournal(page, journal, 'cabinet-journal.json')
  await expect(page.getByRole('region', { name: 'Journal from an older build' })).toBeHidden()
  const actors = page.getByRole('region', { name: 'Actors' })
  const cancelRow = actors.getByRole('row').filter({ has: page.getByRole('cell', { name: actor, exact: true }) })
  await expect(cancelRow).toContainText('orderCancel')
  await expect(cancelRow.getByRole('cell', { name: 'the same as the machine computes' })).toBeVisible()
  await cancelRow.getByRole('button', { name: `Step through orderCancel (${actor})` }).click()

  const stepper = page.getByRole('region', { name: `orderCancel (${actor})` })
  const diagram = stepper.locator('#diagram')
  await expect(diagram).toHaveAttribute('data-diagram', 'rendered')
  const status = stepper.getByRole('status')
  const lit = diagram.locator('svg g.node.lit')
  await expect(status).toHaveText('Step 1 of 3: xstate.init, state "confirming"')
  await expect(lit).toHaveId(/-state-confirming-\d+$/)
  // the keyboard steps to the cancel: «cancelling» is lit, the comment marked as changed
  await page.keyboard.press('ArrowRight')
  await expect(status).toHaveText('Step 2 of 3: cancel.confirm, state "cancelling"')
  await expect(lit).toHaveCount(1)
  await expect(lit).toHaveId(/-state-cancelling-\d+$/)
  await expect(stepper.locator('#context mark.changed')).toHaveText('  "comment": "журнал для атласа",')
  await expect(stepper.getByText(/^\+\d+(\.\d+)? s$|^\+\d+ min \d\d s$/)).toBeVisible()
  await page.keyboard.press('End')
  await expect(status).toHaveText('Step 3 of 3: xstate.done.actor.cancelOrder, state "cancelled"')
  await expect(lit).toHaveId(/-state-cancelled-\d+$/)
  await expect(stepper.getByRole('button', { name: 'Next →' })).toBeDisabled()
  await stepper.getByRole('button', { name: '← Previous' }).click()
  await expect(lit).toHaveId(/-state-cancelling-\d+$/)
  await page.keyboard.press('Home')
  await expect(status).toHaveText(/^Step 1 of 3/)
  await expect(stepper.locator('li.departs')).toHaveCount(0)
  await checkA11y(page)
  if (process.env.ATLAS_VIEWER_SCREENSHOT) {
    await page.setViewportSize({ width: 1280, height: 900 })
    await stepper.getByRole('button', { name: 'Next →' }).click()
    await page.screenshot({ path: SCREENSHOT, fullPage: false })
  }

  // a journal edited by hand: the recorded state after the confirm is not what the machine computes
  const edited = structuredClone(journal)
  cancelEntries(edited)[1]!.value = 'failed'
  await loadJournal(page, edited, 'edited.json')
  await expect(cancelRow.getByRole('cell', { name: 'departs at step 2' })).toBeVisible()
  await cancelRow.getByRole('button', { name: /^Step through/ }).click()
  await page.keyboard.press('ArrowRight')
  await expect(status).toHaveText('Step 2 of 3: cancel.confirm, state "failed", departs from the machine')
  await expect(stepper.locator('#step-departure')).toHaveText(
    'This step departs from the machine: the state differs: the journal recorded "failed", the machine computes "cancelling".',
  )
  await expect(stepper.locator('li.departs')).toHaveCount(1)
  await expect(stepper.locator('li.departs')).toContainText('cancel.confirm → "failed"')

  // a journal of an older build: its machine's version stamp differs from the atlas's
  const older = structuredClone(journal)
  const current = recorded[0]!.version!
  for (const entry of cancelEntries(older)) entry.version = 'oldbuild1'
  // dropped onto the page this time
  const dropped = await page.evaluateHandle((text) => {
    const transfer = new DataTransfer()
    transfer.items.add(new File([text], 'older.json', { type: 'application/json' }))
    return transfer
  }, JSON.stringify(older))
  await page.locator('#drop-zone').dispatchEvent('drop', { dataTransfer: dropped })
  await expect(page.getByRole('status').filter({ hasText: 'older.json:' })).toContainText('1 from an older build')
  await expect(page.getByRole('region', { name: 'Journal from an older build' }).getByRole('listitem')).toHaveText(
    `orderCancel (${actor}): recorded by version oldbuild1, this atlas has version ${current}. Its 3 events still replay the same on this build.`,
  )
  await expect(cancelRow.getByRole('cell', { name: 'older build, still the same' })).toBeVisible()

  // readable on a phone: nothing wider than the screen
  await page.setViewportSize({ width: 390, height: 844 })
  await cancelRow.getByRole('button', { name: /^Step through/ }).click()
  await expect(diagram).toHaveAttribute('data-diagram', 'rendered')
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  expect(refused).toEqual([])
})
