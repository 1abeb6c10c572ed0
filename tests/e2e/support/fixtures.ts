import { test as base, expect, type Page } from '@playwright/test'
import { checkA11y, type A11yOptions } from './a11y'
import { readCaptchaAnswer } from './e2e-db'

export { expect } from '@playwright/test'

interface CabinetFixtures {
  checkA11y: (page: Page, options?: A11yOptions) => Promise<void>
  readCaptchaAnswer: (page: Page) => Promise<string>
  /** runs in every test: the page must log no Content-Security-Policy violation (Lighthouse best practices) */
  noCspViolations: void
}

/** Chromium reports each refused script, style or picture as a console error naming the policy. */
const isCspViolation = (text: string) => /Content Security Policy/i.test(text)

/** `test` with the cabinet's helpers: `test('…', async ({ page, checkA11y }) => …)`. */
export const test = base.extend<CabinetFixtures>({
  checkA11y: async ({}, use) => use(checkA11y),
  readCaptchaAnswer: async ({}, use) => use(readCaptchaAnswer),
  noCspViolations: [
    async ({ page }, use) => {
      const violations: string[] = []
      page.on('console', (message) => {
        if (message.type() === 'error' && isCspViolation(message.text())) violations.push(message.text())
      })
      await use()
      expect(violations, 'CSP violations in the console').toEqual([])
    },
    { auto: true },
  ],
})
