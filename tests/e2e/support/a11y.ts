import axe, { type AxeResults } from 'axe-core'
import { expect, type Page } from '@playwright/test'

export interface A11yOptions {
  /** CSS selectors to leave out, e.g. a third-party widget */
  exclude?: string[]
  disableRules?: string[]
}

declare global {
  interface Window {
    axe?: typeof axe
  }
}

/**
 * axe-core is put into a document once and run there as often as a spec asks. AxeBuilder puts
 * it in again at every call, twice, and finishes each run in a page it opens for the purpose: three
 * times the work, a third of some specs' time on a loaded machine. The cabinet has no frames, so
 * one run in the page sees all of it.
 */
async function ensureAxe(page: Page): Promise<void> {
  if (!(await page.evaluate(() => window.axe !== undefined))) await page.evaluate(axe.source)
}

/** Runs axe on the page as it is now; fails on serious and critical violations, naming each. */
export async function checkA11y(page: Page, options: A11yOptions = {}): Promise<void> {
  await ensureAxe(page)
  const { violations } = await page.evaluate(
    ({ exclude, disabled }): Promise<AxeResults> =>
      window.axe!.run(
        { include: [['html']], exclude: exclude.map((selector) => [selector]) },
        // only the violations are read: axe then details one node of each passing rule, not every node of the page
        { resultTypes: ['violations'], iframes: false, rules: Object.fromEntries(disabled.map((rule) => [rule, { enabled: false }])) },
      ),
    { exclude: options.exclude ?? [], disabled: options.disableRules ?? [] },
  )
  const blocking = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
  expect(blocking, `axe on ${page.url()}`).toEqual([])
}
