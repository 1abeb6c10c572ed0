import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { loadMachineFiles } from '../machine-files'
import { wordCase } from './case-wording'
import { indexPage } from './index-page'
import { journalPage } from './journal-page'
import { invokeLines } from './invoke-lines'
import { casesCsv, machinePage, type MachineCoverage, type MachineEntry } from './machine-page'
import { PATH_CASES_FILE, type RecordedCases } from './recorded-cases'
import { ATLAS_SCRIPT, ATLAS_STYLES } from './site-assets'
import { bundleViewer } from './viewer-bundle'
import { namedWorkflowOf } from './workflows'

/**
 * npm run atlas: the static site reports/atlas/ for analysts and QA (opens from the file system,
 * no network): index.html, one page and one CSV per machine, all-cases.csv, Mermaid's browser bundle,
 * and the journal viewer (journal.html and its bundled script).
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const OUT = join(ROOT, 'reports/atlas')
const COVERAGE_FILE = join(ROOT, 'reports/path-coverage.json')

const readJson = <T>(file: string): T | undefined => (existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T) : undefined)
const recorded = readJson<RecordedCases>(PATH_CASES_FILE) ?? {}
const coverage = readJson<Record<string, MachineCoverage>>(COVERAGE_FILE) ?? {}

const machineFiles = await loadMachineFiles()
const entries: MachineEntry[] = machineFiles.flatMap(({ file, machines }) =>
  machines.map((machine) => ({
    machine,
    file,
    invokeLines: invokeLines(ROOT, file),
    cases: recorded[machine.id]?.map((c, i) => wordCase(machine, c, i + 1)),
    coverage: coverage[machine.id],
    named: namedWorkflowOf(machine.id),
  })),
)

rmSync(OUT, { recursive: true, force: true })
mkdirSync(OUT, { recursive: true })
copyFileSync(createRequire(import.meta.url).resolve('mermaid/dist/mermaid.min.js'), join(OUT, 'mermaid.min.js'))
writeFileSync(join(OUT, 'atlas.js'), ATLAS_SCRIPT)
writeFileSync(join(OUT, 'atlas.css'), ATLAS_STYLES)
writeFileSync(join(OUT, 'index.html'), indexPage(entries))
writeFileSync(join(OUT, 'journal.html'), journalPage(entries))
await bundleViewer(
  ROOT,
  machineFiles.map(({ file }) => file),
  OUT,
)
writeFileSync(join(OUT, 'all-cases.csv'), casesCsv(entries))
for (const entry of entries) {
  writeFileSync(join(OUT, `${entry.machine.id}.html`), machinePage(entry))
  writeFileSync(join(OUT, `${entry.machine.id}.cases.csv`), casesCsv([entry]))
}
const withCases = entries.filter((e) => e.cases).length
console.log(`reports/atlas: ${entries.length} machines, ${withCases} with recorded test cases, ${entries.filter((e) => e.coverage).length} with coverage`)
