import { defineConfig } from 'vitest/config'

// unit and model files share one module graph per worker (isolate: false): the machines and xstate
// are imported once instead of once per file, which was most of these projects' time
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
          environment: 'node',
          // one database per file; on PostgreSQL files run one after another so schemas never clash
          fileParallelism: !process.env.DATABASE_URL,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
})
