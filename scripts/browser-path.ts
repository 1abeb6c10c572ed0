import { existsSync } from 'node:fs'
import { chromium } from '@playwright/test'

export interface Browser {
  path: string
  source: 'CHROMIUM_PATH' | 'Playwright' | 'system'
}

const SYSTEM_BROWSERS = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome']

/** Chromium flags for a container or CI box: no sandbox as root, no GPU, no calls home
 * (on a closed network Chromium's background connections fail by the dozen). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

/** The Chromium e2e tests run in: CHROMIUM_PATH, else Playwright's own download, else the system's. */
export function findBrowser(env: NodeJS.ProcessEnv = process.env): Browser | undefined {
  if (env.CHROMIUM_PATH) return existsSync(env.CHROMIUM_PATH) ? { path: env.CHROMIUM_PATH, source: 'CHROMIUM_PATH' } : undefined
  const bundled = bundledChromium()
  if (bundled) return { path: bundled, source: 'Playwright' }
  const system = SYSTEM_BROWSERS.find((path) => existsSync(path))
  return system ? { path: system, source: 'system' } : undefined
}

function bundledChromium(): string | undefined {
  try {
    const path = chromium.executablePath()
    return existsSync(path) ? path : undefined
  } catch {
    return undefined
  }
}
