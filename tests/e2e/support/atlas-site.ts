import { fileURLToPath } from 'node:url'
import type { BrowserContext } from '@playwright/test'

/** reports/atlas/, as `npm run atlas` builds it (test:e2e runs it first). */
export const ATLAS = fileURLToPath(new URL('../../../reports/atlas/', import.meta.url))

/** Refuses every request of the context off the file system; the refused addresses are collected. */
export async function offline(context: BrowserContext): Promise<string[]> {
  const refused: string[] = []
  await context.route('**', async (route) => {
    if (route.request().url().startsWith('file:')) return route.continue()
    refused.push(route.request().url())
    return route.abort()
  })
  return refused
}
