import { fileURLToPath } from 'node:url'

/** Where the e2e server listens and keeps its database: shared by the config and the fixtures. */
export const E2E_PORT = 8181
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`
export const E2E_DB_FILE = fileURLToPath(new URL('../../../test-results/e2e.sqlite', import.meta.url))
