/**
 * The chat machine's composer paths (tests/support/chat-paths.ts) replayed on /cabinet/chat/ with
 * the page's clock paused, so the 5 s refresh does not run between steps: typing, sending, the
 * send call's answer (passed to the server, or the connection dropped) and «Повторить».
 */
import type { Route } from '@playwright/test'
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate'
import { CHAT_MESSAGES_UI } from '../../src/machines/chat.machine'
import { chatBrowserPaths, CHAT_TEXT } from '../support/chat-paths'
import { signIn } from './support/cabinet-shell'
import { ChatPage } from './support/chat-page'
import { DEMO } from './support/demo-logins'
import { expect, test } from './support/fixtures'
import { replayPaths } from './support/replay-paths'

test.describe.configure({ timeout: 240_000 })

interface Handle {
  chat: ChatPage
  /** the held `send` calls, oldest first */
  held: Route[]
}

test('chat composer paths replayed in the browser: every transition a dealer can take', async ({ page }) => {
  await page.clock.install()
  await signIn(page, DEMO.otherDealer.email)
  const held: Route[] = []
  await page.route('**/api/chat/', (route) => {
    const body = route.request().method() === 'POST' ? (route.request().postDataJSON() as { action?: string }) : {}
    if (body.action === 'send') held.push(route)
    else void route.fallback()
  })
  const reached = await replayPaths('chat', chatBrowserPaths(), {
    start: async () => {
      held.length = 0
      await page.clock.resume()
      const chat = new ChatPage(page)
      await chat.open()
      await page.evaluate(() => sessionStorage.clear())
      await page.reload()
      await expect(chat.heading).toBeVisible()
      await expect(chat.message('Поставка ожидается', 'manager')).toBeVisible()
      // time stands still from here: no refresh between the steps (half a second ahead: a loaded
      // machine may take longer than a moment between reading the time and pausing it)
      await page.clock.pauseAt(await page.evaluate(() => Date.now() + 500))
      return { chat, held }
    },
    act,
    expectShown,
    finish: async ({ held: calls }) => {
      for (const call of calls.splice(0)) await call.abort('internetdisconnected')
    },
  })
  expect(reached.size).toBeGreaterThanOrEqual(3)
})

async function next(held: Route[]): Promise<Route> {
  await expect.poll(() => held.length, { message: 'the page sends the message' }).toBeGreaterThan(0)
  return held.shift()!
}

async function act({ chat, held }: Handle, event: AnyEventObject) {
  switch (event.type) {
    case 'xstate.done.actor.readKept':
      return
    case 'draft.change':
      return chat.field.fill(String(event.text))
    case 'message.send':
      // Ctrl+Enter sends from the field (the button is disabled while the field is blank)
      return chat.field.press('Control+Enter')
    case 'message.retry':
      return chat.retry.click()
    case 'xstate.done.actor.sendMessage':
      return (await next(held)).fallback()
    case 'xstate.error.actor.sendMessage':
      return (await next(held)).abort('internetdisconnected')
    default:
      throw new Error(`${event.type}: not an event a dealer causes in the chat's composer`)
  }
}

async function expectShown({ chat }: Handle, state: AnyMachineSnapshot) {
  const where = `in ${JSON.stringify(state.value)}`
  const draft = (state.context as { draft: string }).draft
  if (state.matches({ composer: 'sending' })) return expect(chat.pending, where).toContainText(CHAT_MESSAGES_UI.sending)
  if (state.matches({ composer: 'failed' })) {
    await expect(chat.retry, where).toBeVisible()
    return expect(chat.pending, where).toContainText(CHAT_TEXT)
  }
  if (state.matches({ composer: 'editing' })) {
    await expect(chat.pending, where).toHaveCount(0)
    await expect(chat.field, where).toHaveValue(draft)
    return expect(chat.send, where)[draft.trim() ? 'toBeEnabled' : 'toBeDisabled']()
  }
}
