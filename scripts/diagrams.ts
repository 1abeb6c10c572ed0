import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { diagramFiles } from './machine-diagram'
import { DIAGRAMS_DIR, loadMachineFiles } from './machine-files'

/**
 * npm run diagrams            writes docs/machines/<machine-id>.md and index.md
 * npm run diagrams -- --check exits 1 naming every stale file (CI, tests)
 */
const check = process.argv.includes('--check')
const files = await loadMachineFiles()
const expected = diagramFiles(files.flatMap((f) => f.machines))
const present = existsSync(DIAGRAMS_DIR) ? readdirSync(DIAGRAMS_DIR).filter((n) => n.endsWith('.md')) : []
const read = (name: string) => (existsSync(join(DIAGRAMS_DIR, name)) ? readFileSync(join(DIAGRAMS_DIR, name), 'utf8') : undefined)
const changed = [...expected].filter(([name, content]) => read(name) !== content).map(([name]) => name)
const gone = present.filter((name) => !expected.has(name))

if (check) {
  for (const name of [...changed, ...gone]) console.error(`docs/machines/${name} is stale: run npm run diagrams`)
  if (changed.length || gone.length) process.exit(1)
  console.log(`docs/machines: ${expected.size} files up to date`)
} else {
  mkdirSync(DIAGRAMS_DIR, { recursive: true })
  for (const name of changed) writeFileSync(join(DIAGRAMS_DIR, name), expected.get(name)!)
  for (const name of gone) rmSync(join(DIAGRAMS_DIR, name))
  for (const f of files) console.log(`${f.file}: ${f.machines.map((m) => m.id).join(', ') || 'no machine exported'}`)
  console.log(`docs/machines: ${changed.length} written, ${gone.length} removed, ${expected.size} in all`)
}
