import { test as base, type Page } from '@playwright/test'
import { checkA11y, type A11yOptions } from './a11y'
import { readCaptchaAnswer } from './e2e-db'

export { expect } from '@playwright/test'

interface CabinetFixtures {
  checkA11y: (page: Page, options?: A11yOptions) => Promise<void>
  readCaptchaAnswer: (page: Page) => Promise<string>
}

/** `test` with the cabinet's helpers: `test('…', async ({ page, checkA11y }) => …)`. */
export const test = base.extend<CabinetFixtures>({
  checkA11y: async ({}, use) => use(checkA11y),
  readCaptchaAnswer: async ({}, use) => use(readCaptchaAnswer),
})
