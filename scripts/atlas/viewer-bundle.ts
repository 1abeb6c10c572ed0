import { join } from 'node:path'
import { build } from 'rolldown'
import { VIEWER_SCRIPT } from './journal-page'

const ENTRY = '\0atlas-journal-viewer'

/**
 * The journal viewer's script for reports/atlas/: viewer/viewer-page.ts with every machine of
 * src/machines (the replay runs them), bundled by rolldown (vite's bundler) into one classic script,
 * so that the page works from the file system. None of it is in the dealer's bundle.
 */
export async function bundleViewer(root: string, machineFiles: readonly string[], outDir: string): Promise<void> {
  const entryCode = [
    `import { startViewer } from ${JSON.stringify(join(root, 'scripts/atlas/viewer/viewer-page.ts'))}`,
    ...machineFiles.map((file, index) => `import * as machines${index} from ${JSON.stringify(join(root, file))}`),
    `startViewer([${machineFiles.map((_, index) => `machines${index}`).join(', ')}])`,
  ].join('\n')
  await build({
    input: ENTRY,
    platform: 'browser',
    logLevel: 'warn',
    transform: { define: { 'process.env.NODE_ENV': '"production"' } },
    plugins: [{ name: 'atlas-viewer-entry', resolveId: (id) => (id === ENTRY ? id : null), load: (id) => (id === ENTRY ? entryCode : null) }],
    output: { file: join(outDir, VIEWER_SCRIPT), format: 'iife', minify: true },
  })
}
