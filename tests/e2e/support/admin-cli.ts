import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { E2E_DB_FILE } from './e2e-env'

const run = promisify(execFile)
const repoPath = (path: string) => fileURLToPath(new URL(`../../../${path}`, import.meta.url))

/**
 * Runs the admin command (`npm run admin -- <args>`, without npm's own start-up) against the e2e
 * server's database, as an administrator would on the server, and answers what it printed. A
 * refusal (exit code 1 or 2) rejects.
 */
export async function runAdmin(...args: string[]): Promise<string> {
  const { stdout } = await run(repoPath('node_modules/.bin/tsx'), [repoPath('server/cli/admin.ts'), ...args], {
    env: { ...process.env, DB_FILE: E2E_DB_FILE, DATABASE_URL: '', SMTP_URL: '' },
    timeout: 60_000,
  })
  return stdout
}
