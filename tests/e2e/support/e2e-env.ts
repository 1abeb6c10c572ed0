import { fileURLToPath } from 'node:url'

/**
 * Where the e2e servers listen and keep their databases: shared by the config and the fixtures.
 * Each Playwright worker has a server and a database of its own (ports E2E_PORT, E2E_PORT + 1, …),
 * so spec files running side by side never see each other's baskets or orders. The config is
 * loaded again in every worker, where TEST_PARALLEL_INDEX names the worker's slot.
 * E2E_PORT and E2E_RESULTS_DIR let several suites run side by side on one machine; E2E_WORKERS
 * sets how many workers (and servers) there are.
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 1))
const BASE_PORT = Number(process.env.E2E_PORT ?? 8181)
const SLOT = Number(process.env.TEST_PARALLEL_INDEX ?? 0)

export const E2E_RESULTS_DIR = process.env.E2E_RESULTS_DIR ?? fileURLToPath(new URL('../../../test-results', import.meta.url))
export const e2ePortOf = (slot: number) => BASE_PORT + slot
export const e2eDbFileOf = (slot: number) => `${E2E_RESULTS_DIR}/e2e-${slot}.sqlite`

/** This worker's server and database (the first one's in the config's own process). */
const E2E_PORT = e2ePortOf(SLOT)
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`
export const E2E_DB_FILE = e2eDbFileOf(SLOT)
