import type { Page, Route } from '@playwright/test'
import type { AnyEventObject } from 'xstate'
import type { ActRequestContext } from '../../src/machines/act-request.machine'
import { monthsBefore } from '../../src/machines/act-rules'
import { actRequestBrowserPaths, SERVER_REFUSAL, type ActRequestPath } from '../support/act-request-paths'
import { signIn } from './support/cabinet-shell'
import { ActsPage, actsData } from './support/acts-page'
import { DEMO } from './support/demo-logins'
import { expect, test } from './support/fixtures'

test.describe.configure({ timeout: 240_000 })

// ООО «ТеплоДом»'s main account: no other spec requests acts
const user = DEMO.otherDealer.email
const ACT_CALL = '/api/act/'

const describeEvent = (event: AnyEventObject) =>
  event.type === 'field.change'
    ? `${String(event.field)}=${String(event.value)}`
    : event.type.replace('xstate.', '').replace('.actor.requestAct', ' requestAct')

/**
 * Holds each POST /api/act/ until the path's outcome step answers it: done lets it through to
 * the server, error answers 503 with a Russian message; a path that ends while sending leaves
 * it unanswered, so the page stays «Отправка…».
 */
async function holdActRequests(page: Page) {
  const held: Route[] = []
  await page.route(
    (url) => url.pathname === ACT_CALL,
    (route) => void held.push(route),
  )
  const next = async () => {
    await expect.poll(() => held.length, { message: `the page calls ${ACT_CALL}` }).toBeGreaterThan(0)
    return held.shift()!
  }
  return {
    pass: async () => (await next()).continue(),
    fail: async () => (await next()).fulfill({ status: 503, json: { message: SERVER_REFUSAL } }),
  }
}

async function expectState(acts: ActsPage, path: ActRequestPath, index: number): Promise<void> {
  const step = path.steps[index]!
  const { value } = step.state
  const context = step.state.context as ActRequestContext
  const dialog = acts.dialog
  if (value === 'done') {
    await expect(dialog.root).toBeHidden()
    await expect(acts.notice).toBeVisible()
    return
  }
  await expect(dialog.root).toBeVisible()
  await expect(dialog.contract).toHaveValue(context.fields.contract_id)
  await expect(dialog.contragent).toHaveValue(context.fields.contragent_id)
  await expect(dialog.start).toHaveValue(context.fields.startdate)
  await expect(dialog.end).toHaveValue(context.fields.enddate)
  if (value === 'editing') await expect(dialog.alert).toHaveCount(0)
  if (value === 'invalid') await expect(dialog.alert).toHaveText(context.errorMessage ?? '')
  if (value === 'failed') await expect(dialog.alert).toHaveText(SERVER_REFUSAL)
  if (value === 'submitting') await expect(dialog.root.getByRole('button', { name: 'Отправка…' })).toBeDisabled()
}

test('act-request paths replayed in the browser: every state and edge of the form', async ({ page }) => {
  await signIn(page, user)
  const acts = new ActsPage(page)
  await acts.open()
  await acts.requestButton.click()
  const today = await acts.dialog.end.inputValue()
  const { contracts, acts: before } = await actsData(page)
  const paths = actRequestBrowserPaths({ contracts, today, goodStart: monthsBefore(today, 2), act: before[0] ?? null })
  expect(paths.length).toBeGreaterThan(5)
  const reached = new Set<string>()

  for (const [index, path] of paths.entries()) {
    await test.step(`path ${index + 1}: ${path.steps.map((step) => describeEvent(step.event)).join(' → ')}`, async () => {
      await page.unroute(ACT_CALL)
      const calls = await holdActRequests(page)
      // each path starts from a fresh form (the one the previous path left open comes back after the reload: it is cancelled)
      await acts.openAfresh()
      await acts.requestButton.click()
      for (const [at, step] of path.steps.entries()) {
        const { event } = step
        if (event.type === 'field.change' && event.field === 'contract_id') await acts.dialog.contract.selectOption(String(event.value))
        else if (event.type === 'field.change') await acts.dialog.typeDate(acts.dialog.start, String(event.value))
        else if (event.type === 'form.submit') await acts.dialog.submit.click()
        else if (event.type === 'xstate.done.actor.requestAct') await calls.pass()
        else if (event.type === 'xstate.error.actor.requestAct') await calls.fail()
        await expectState(acts, path, at)
        reached.add(JSON.stringify(step.state.value))
      }
    })
  }
  await page.unroute(ACT_CALL)
  expect([...reached].sort()).toEqual(['"done"', '"editing"', '"failed"', '"invalid"', '"submitting"'])
})
