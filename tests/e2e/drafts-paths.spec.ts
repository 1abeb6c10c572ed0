/**
 * The drafts machine's generated paths (tests/support/drafts-paths.ts) replayed on
 * /cabinet/drafts/ with 11 drafts of one line each (two pages): loads, repeats and removals go to
 * the real server; a failed load (503), a failed repeat or removal (404 "Черновик не найден") and a
 * repeat whose goods are all taken ("Нет в наличии") are answered by `page.route`.
 *
 * Not replayed: the empty page (`checking → empty`: the dealer's list is never empty here, and a
 * page past the last one is reached only from the address, which starts a new machine), and a
 * `page.change` while a dialog is open or the list is not shown (browser back: the replay clicks
 * the pagination links only).
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate'
import type { DraftRepeatedResponse, DraftsResponse } from '../../src/contract/drafts'
import { DRAFTS_MESSAGES, type DraftsContext } from '../../src/machines/drafts.machine'
import { DRAFT_NOT_FOUND, draftsBrowserPaths, noStockRepeat } from '../support/drafts-paths'
import { withoutBootAnswers } from './support/boot-answers'
import { signIn } from './support/cabinet-shell'
import { clearBasket, fillBasket, stockedProducts } from './support/cart-page'
import { DEMO } from './support/demo-logins'
import { draftsData, DraftsPage, removeDraftThroughApi, saveDraftThroughApi } from './support/drafts-page'
import { expect, test } from './support/fixtures'
import { holdCalls, replayPaths, type HeldCalls } from './support/replay-paths'

test.describe.configure({ timeout: 180_000 })

// ООО «ТеплоДом»'s main account: no seeded drafts, and no other spec keeps any
const user = DEMO.otherDealer.email
const DRAFTS = 11
const CALLS = { list: { path: '/api/drafts/', method: 'GET' }, action: { path: '/api/drafts/', method: 'POST' } }

interface Handle {
  drafts: DraftsPage
  calls: HeldCalls<keyof typeof CALLS>
}

test('drafts paths replayed in the browser: every transition a dealer can take', async ({ page }) => {
  await signIn(page, user)
  const [product] = stockedProducts(1, 20, 200, 1)
  await fillBasket(page, [{ id: product!.id, qnt: 1, wms: 1 }])
  /** exactly 11 drafts of the basket's one line */
  const topUp = async () => {
    const { drafts } = await draftsData(page)
    for (const extra of drafts.slice(DRAFTS)) await removeDraftThroughApi(page, extra.id)
    for (let index = drafts.length; index < DRAFTS; index++) await saveDraftThroughApi(page, `Черновик для путей ${index + 1}`)
  }
  await topUp()
  const pageOf = async (number: number) => (await (await page.request.get(`/api/drafts/?page=${number}&perpage=10`)).json()) as DraftsResponse
  const repeated: DraftRepeatedResponse = { count: 1, refused: [], basket: { count: 1, sum: 0 } }
  const paths = draftsBrowserPaths([await pageOf(1), await pageOf(2)], repeated)
  await withoutBootAnswers(page)

  const reached = await replayPaths('drafts', paths, {
    start: async () => {
      await topUp()
      const calls = await holdCalls(page, CALLS)
      await page.goto('/cabinet/drafts/')
      return { drafts: new DraftsPage(page), calls }
    },
    act,
    expectShown,
    finish: ({ calls }) => calls.release(),
  })
  for (const draft of (await draftsData(page)).drafts) await removeDraftThroughApi(page, draft.id)
  await clearBasket(page)
  expect(reached.size).toBeGreaterThanOrEqual(10)
})

async function act({ drafts, calls }: Handle, event: AnyEventObject) {
  const dialog = drafts.page.getByRole('alertdialog')
  switch (event.type) {
    case 'xstate.done.actor.loadPage':
      return calls.pass('list')
    case 'xstate.error.actor.loadPage':
      return calls.fulfill('list', 503, { message: 'Ошибка сервера (503)' })
    case 'xstate.done.actor.repeatDraft': {
      const output = event.output as DraftRepeatedResponse
      return output.count > 0 ? calls.pass('action') : calls.fulfill('action', 200, noStockRepeat(output))
    }
    case 'xstate.done.actor.removeDraft':
      return calls.pass('action')
    case 'xstate.error.actor.repeatDraft':
    case 'xstate.error.actor.removeDraft':
      return calls.fulfill('action', 404, { message: DRAFT_NOT_FOUND })
    case 'page.change':
      return drafts.pagination.cell(Number(event.page)).click()
    case 'list.retry':
      return drafts.page.getByRole('alert').getByRole('button', { name: 'Повторить' }).click()
    case 'draft.repeat':
      return drafts.firstRowButton('Повторить').click()
    case 'draft.remove':
      return drafts.firstRowButton('Удалить').click()
    case 'remove.confirm':
      return drafts.removeDialog.getByRole('button', { name: 'Удалить' }).click()
    case 'remove.cancel':
      return drafts.removeDialog.getByRole('button', { name: 'Отмена' }).click()
    case 'dialog.close':
      return dialog.getByRole('button', { name: 'Закрыть' }).click()
    default:
      throw new Error(`${event.type}: not an event a dealer causes on /cabinet/drafts/`)
  }
}

/** What the dealer sees in each state: the loading caption, the error, the rows and the dialog. */
async function expectShown({ drafts }: Handle, state: AnyMachineSnapshot) {
  const context = state.context as DraftsContext
  const where = `in ${JSON.stringify(state.value)}`
  const main = drafts.page.getByRole('main')
  if (state.matches({ list: 'loading' })) return expect(main.getByText('Загрузка черновиков…'), where).toBeVisible()
  if (state.matches({ list: 'failed' })) return expect(main.getByRole('alert').filter({ hasText: DRAFTS_MESSAGES.loadFailed }), where).toBeVisible()
  if (state.matches({ list: { loaded: 'confirmingRemove' } }) || state.matches({ list: { loaded: 'removing' } })) {
    return expect(drafts.removeDialog.getByRole('button', { name: 'Удалить' }), where).toBeEnabled({
      enabled: state.matches({ list: { loaded: 'confirmingRemove' } }),
    })
  }
  if (state.matches({ list: { loaded: { repeated: 'added' } } }))
    return expect(drafts.addedDialog, where).toContainText(DRAFTS_MESSAGES.addedText(context.repeat!.count))
  if (state.matches({ list: { loaded: { repeated: 'noStock' } } })) return expect(drafts.noStockDialog, where).toContainText(DRAFTS_MESSAGES.noStockText)
  if (state.matches({ list: { loaded: 'repeatFailed' } }))
    return expect(drafts.failedDialog(DRAFTS_MESSAGES.repeatFailed), where).toContainText(DRAFT_NOT_FOUND)
  if (state.matches({ list: { loaded: 'removeFailed' } }))
    return expect(drafts.failedDialog(DRAFTS_MESSAGES.removeFailed), where).toContainText(DRAFT_NOT_FOUND)
  await expect(drafts.page.getByRole('alertdialog'), where).toHaveCount(0)
  await expect(drafts.rows, where).toHaveCount(context.result!.drafts.length)
  await expect(drafts.pagination.current, where).toHaveText(String(context.page))
  await expect(drafts.firstRowButton('Повторить'), where).toBeEnabled({ enabled: state.matches({ list: { loaded: 'idle' } }) })
}
