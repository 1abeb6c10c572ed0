import { fileURLToPath } from 'node:url'

/**
 * Where the e2e server listens and keeps its database: shared by the config and the fixtures.
 * E2E_PORT and E2E_RESULTS_DIR let several suites run side by side on one machine.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8181)
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`
export const E2E_RESULTS_DIR = process.env.E2E_RESULTS_DIR ?? fileURLToPath(new URL('../../../test-results', import.meta.url))
export const E2E_DB_FILE = `${E2E_RESULTS_DIR}/e2e.sqlite`
