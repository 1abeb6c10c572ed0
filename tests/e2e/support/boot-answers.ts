import type { Page } from '@playwright/test'
import { BOOT_ANSWERS_ELEMENT_ID } from '../../../src/contract/boot-answers'

const ANSWERS = new RegExp(`<script type="application/json" id="${BOOT_ANSWERS_ELEMENT_ID}">.*?</script>`, 's')
/** the screen the server drew from them into its frame's <main> (server/routes/server-orders.ts) */
const DRAWN_SCREEN = /(<main id="content"[^>]*>).*?(<\/main>)/s

/**
 * Pages this tab opens come without the answers the server writes into them
 * (src/contract/boot-answers.ts), and without the screen it drew from them, so the start makes its
 * calls over the network, where a test can hold them or make them fail.
 */
export async function withoutBootAnswers(page: Page): Promise<void> {
  await page.route(
    (url) => !/^\/(api|assets|pictures)\//.test(url.pathname),
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback()
      const response = await route.fetch()
      const { 'content-encoding': _encoding, 'content-length': _length, ...headers } = response.headers()
      await route.fulfill({ status: response.status(), headers, body: (await response.text()).replace(ANSWERS, '').replace(DRAWN_SCREEN, '$1$2') })
    },
  )
}
