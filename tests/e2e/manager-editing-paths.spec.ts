/**
 * The managerEditing machine's generated paths (tests/support/manager-editing-paths.ts) replayed
 * in «Новый менеджер» on /cabinet/managers/ as the main account: the choices load from the real
 * server; a failed load (503), a save's answer (the saved manager), a taken e-mail (409), a
 * refusal (400) and a lost connection are answered by `page.route`, so no path leaves a manager behind.
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate'
import { MANAGER_EDITING_MESSAGES } from '../../src/machines/manager-editing.machine'
import type { ApiCallError } from '../../src/services/http'
import { EDITED, EMAIL_TAKEN, LOAD_FAILURE, managerEditingBrowserPaths } from '../support/manager-editing-paths'
import { withoutBootAnswers } from './support/boot-answers'
import { signIn } from './support/cabinet-shell'
import { DEMO } from './support/demo-logins'
import { expect, test } from './support/fixtures'
import { ManagersPage } from './support/managers-page'
import { holdCalls, replayPaths, type HeldCalls } from './support/replay-paths'

test.describe.configure({ timeout: 240_000 })

const CALLS = { choices: { path: '/api/getManagerContragentsContracts/', method: 'POST' }, save: { path: '/api/managers/', method: 'POST' } }

interface Handle {
  managers: ManagersPage
  calls: HeldCalls<keyof typeof CALLS>
}

test('managerEditing paths replayed in the browser: every transition the main account can take', async ({ page }) => {
  await signIn(page, DEMO.dealer.email)
  await withoutBootAnswers(page)
  const paths = managerEditingBrowserPaths()
  const reached = await replayPaths('managerEditing', paths, {
    start: async () => {
      const calls = await holdCalls(page, CALLS)
      const managers = new ManagersPage(page)
      await managers.goto()
      await managers.add.click()
      return { managers, calls }
    },
    act,
    expectShown,
    finish: async ({ managers, calls }) => {
      await calls.release()
      if (await managers.form.dialog.isVisible()) await page.keyboard.press('Escape')
    },
  })
  expect(reached.size).toBeGreaterThanOrEqual(10)
})

async function act({ managers, calls }: Handle, event: AnyEventObject) {
  const form = managers.form
  switch (event.type) {
    case 'xstate.done.actor.loadChoices':
      return calls.pass('choices')
    case 'xstate.error.actor.loadChoices':
      return calls.fulfill('choices', 503, { message: LOAD_FAILURE })
    case 'xstate.done.actor.saveManager':
      return calls.fulfill('save', 200, { manager: EDITED })
    case 'xstate.error.actor.saveManager': {
      const error = event.error as ApiCallError
      return error.status === 0 ? calls.abort('save') : calls.fulfill('save', error.status, { message: error.message })
    }
    case 'load.retry':
      return form.dialog.getByRole('button', { name: 'Повторить' }).click()
    case 'save.retry':
      return form.retry.click()
    case 'form.email':
      return form.email.fill(String(event.value))
    case 'form.name':
      return form.dialog.getByLabel('Имя').fill(String(event.value))
    case 'contract.toggle':
      return form.contracts.getByRole('checkbox').first().click()
    case 'menu.toggle':
      return form.section('Заказы').click()
    case 'form.submit':
      return form.save.click()
    case 'form.cancel':
      // «Отмена» while the form is shown; Escape while it loads or failed to
      return (await form.cancel.isVisible()) ? form.cancel.click() : managers.page.keyboard.press('Escape')
    default:
      // the 3 s of «Данные сохранены» pass by themselves
      if (event.type.startsWith('xstate.after.')) return
      throw new Error(`${event.type}: not an event the main account causes in the manager form`)
  }
}

/** What the main account sees in each state of the form. */
async function expectShown({ managers }: Handle, state: AnyMachineSnapshot) {
  const form = managers.form
  const where = `in ${JSON.stringify(state.value)}`
  if (state.matches('loading')) return expect(form.dialog.getByText('Загрузка договоров…'), where).toBeVisible()
  if (state.matches('loadFailed')) return expect(form.dialog.getByText(MANAGER_EDITING_MESSAGES.loadFailed), where).toBeVisible()
  if (state.matches('saving')) return expect(form.save, where).toBeDisabled()
  if (state.matches('saved')) return expect(form.saved, where).toHaveText('Данные сохранены')
  if (state.matches('closed')) return expect(form.dialog, where).toBeHidden({ timeout: 6_000 })
  if (state.matches({ editing: 'noContract' })) return expect(form.alert, where).toHaveText('Выберите договор')
  if (state.matches({ editing: 'duplicate' })) return expect(form.alert, where).toHaveText(EMAIL_TAKEN)
  if (state.matches({ editing: 'offline' })) return expect(form.retry, where).toBeVisible()
  if (state.matches({ editing: 'saveFailed' })) return expect(form.alert, where).toBeVisible()
  await expect(form.email, where).toBeVisible()
  await expect(form.alert, where).toHaveCount(0)
}
