import { readFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * Where a machine file names each invoked `src`: `{ cancelOrder: 67 }` for `src: 'cancelOrder',`
 * on line 67. The atlas links each invoke to that line.
 */
export function invokeLines(root: string, file: string): Map<string, number> {
  const lines = readFileSync(join(root, file), 'utf8').split('\n')
  const found = new Map<string, number>()
  lines.forEach((line, index) => {
    for (const match of line.matchAll(/\bsrc:\s*['"]([^'"]+)['"]/g)) if (!found.has(match[1]!)) found.set(match[1]!, index + 1)
  })
  return found
}
