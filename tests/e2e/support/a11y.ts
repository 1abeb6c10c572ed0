import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'

export interface A11yOptions {
  /** CSS selectors to leave out, e.g. a third-party widget */
  exclude?: string[]
  disableRules?: string[]
}

/** Runs axe on the page as it is now; fails on serious and critical violations, naming each. */
export async function checkA11y(page: Page, options: A11yOptions = {}): Promise<void> {
  // only the violations are read: axe then details one node of each passing rule, not every node of the page
  let builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] })
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector)
  if (options.disableRules?.length) builder = builder.disableRules(options.disableRules)
  const { violations } = await builder.analyze()
  const blocking = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
  expect(blocking, `axe on ${page.url()}`).toEqual([])
}
