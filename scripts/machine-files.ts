import { readdirSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { AnyStateMachine } from 'xstate'
import { isStateMachine } from './machine-graph'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const MACHINES_DIR = join(ROOT, 'src/machines')
export const DIAGRAMS_DIR = join(ROOT, 'docs/machines')

export interface MachineFile {
  /** relative to the repo root, e.g. src/machines/session.machine.ts */
  file: string
  machines: AnyStateMachine[]
}

/** Every `*.machine.ts` in `dir` with the machines it exports, in file name order. */
export async function loadMachineFiles(dir = MACHINES_DIR): Promise<MachineFile[]> {
  const names = readdirSync(dir)
    .filter((n) => n.endsWith('.machine.ts'))
    .sort()
  return Promise.all(
    names.map(async (name) => {
      const path = join(dir, name)
      const mod = (await import(pathToFileURL(path).href)) as Record<string, unknown>
      return { file: relative(ROOT, path), machines: Object.values(mod).filter(isStateMachine) }
    }),
  )
}
