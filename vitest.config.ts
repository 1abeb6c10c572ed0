import { defineConfig } from 'vitest/config'

// the files of a project share one module graph per worker (isolate: false): the machines and
// xstate, or the server with fastify, kysely and the drivers, are imported once instead of once per
// file, which was most of the unit and model projects' time and half the server project's on
// both databases. A module a test fakes is passed to the code under test as a dependency: vi.mock
// holds only for a file that imports that module afresh (after vi.resetModules)
const shared = { environment: 'node' as const, isolate: false, setupFiles: ['tests/support/real-timers.ts'] }

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], ...shared } },
      { test: { name: 'model', include: ['tests/model/**/*.test.ts'], ...shared } },
      {
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          ...shared,
          // one database per file; on PostgreSQL files run one after another so schemas never clash
          fileParallelism: !process.env.DATABASE_URL,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
})
