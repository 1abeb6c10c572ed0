import { defineConfig } from '@playwright/test'
import { CHROMIUM_ARGS, findBrowser } from './scripts/browser-path'
import { E2E_BASE_URL, E2E_RESULTS_DIR, E2E_WORKERS, e2eDbFileOf, e2ePortOf } from './tests/e2e/support/e2e-env'

const ci = !!process.env.CI

export default defineConfig({
  testDir: 'tests/e2e',
  // Playwright empties its output folder on start; the e2e database sits beside it, not in it
  outputDir: `${E2E_RESULTS_DIR}/playwright`,
  // a server and a database per worker (see e2e-env.ts); with more than one, spec files are spread over the workers
  workers: E2E_WORKERS,
  fullyParallel: false,
  retries: ci ? 1 : 0,
  forbidOnly: ci,
  reporter: 'list',
  // a loaded machine (CI beside other jobs) may take longer than the default 5 s to show a step;
  // only a failing check waits the whole time
  expect: { timeout: 10_000 },
  use: {
    baseURL: E2E_BASE_URL,
    locale: 'ru-RU',
    timezoneId: 'Europe/Moscow',
    // a trace records a screenshot at every step, which about doubled the suite's CPU time: on CI
    // only a retried test records one (a failure is retried once), on a workstation every failure keeps its own
    trace: ci ? 'on-first-retry' : 'retain-on-failure',
    browserName: 'chromium',
    launchOptions: { executablePath: findBrowser()?.path, args: CHROMIUM_ARGS },
  },
  webServer: Array.from({ length: E2E_WORKERS }, (_, slot) => ({
    command: 'npx tsx scripts/e2e-server.ts',
    url: `http://127.0.0.1:${e2ePortOf(slot)}/`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    env: {
      PORT: String(e2ePortOf(slot)),
      HOST: '127.0.0.1',
      DB_FILE: e2eDbFileOf(slot),
      // always SQLite, whatever the shell says: the fixtures read captchas from the file
      DATABASE_URL: '',
      SMTP_URL: '',
      SEED_PRODUCTS: process.env.E2E_SEED_PRODUCTS ?? '400',
      ...(process.env.CLIENT_DIR ? { CLIENT_DIR: process.env.CLIENT_DIR } : {}),
      RATE_LIMIT_LOGIN: '1000',
      RATE_LIMIT_REGISTRATION: '1000',
      RATE_LIMIT_REMINDER: '1000',
      RATE_LIMIT_CAPTCHA: '1000',
      // the specs sign in as the same demo dealers over and over
      RATE_LIMIT_LOGIN_ACCOUNT: '1000',
      RATE_LIMIT_REMINDER_ACCOUNT: '1000',
    },
  })),
})
