import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { setup } from 'xstate'
import { describe, expect, it } from 'vitest'
import { diagramFiles, renderDiagramIndex, renderMachineDiagram } from '../../scripts/machine-diagram'
import { DIAGRAMS_DIR, loadMachineFiles } from '../../scripts/machine-files'
import { fixtureMachine } from '../support/fixtures/fixture.machine'

const machineFiles = await loadMachineFiles()
const expected = diagramFiles(machineFiles.flatMap((f) => f.machines))
const stale = (name: string) => `docs/machines/${name} is stale: run npm run diagrams`

describe('docs/machines', () => {
  it.each([...expected.keys()])('%s matches its machine', (name) => {
    const path = join(DIAGRAMS_DIR, name)
    expect(existsSync(path) ? readFileSync(path, 'utf8') : '(missing)', stale(name)).toBe(expected.get(name))
  })

  it('holds no diagram of a machine that is gone', () => {
    const present = existsSync(DIAGRAMS_DIR) ? readdirSync(DIAGRAMS_DIR).filter((n) => n.endsWith('.md')) : []
    expect(present.filter((name) => !expected.has(name)).map(stale)).toEqual([])
  })
})

describe('loadMachineFiles', () => {
  it('imports every exported machine of each *.machine.ts file', async () => {
    const dir = fileURLToPath(new URL('../support/fixtures', import.meta.url))
    const [file] = await loadMachineFiles(dir)
    expect(file?.file).toBe('tests/support/fixtures/fixture.machine.ts')
    expect(file?.machines.map((m) => m.id)).toEqual(['fixture'])
  })
})

describe('renderMachineDiagram', () => {
  const md = renderMachineDiagram(fixtureMachine)
  const mermaid = md.slice(md.indexOf('```mermaid'), md.lastIndexOf('```'))

  it('titles the page and carries the machine description', () => {
    expect(md.startsWith('# fixture\n\nLoads an item, lets the dealer set a quantity, watches the stock.\n')).toBe(true)
    expect(mermaid.startsWith('```mermaid\nstateDiagram-v2\n')).toBe(true)
  })

  it('draws nested states, the initial and final states', () => {
    expect(mermaid).toContain('  [*] --> idle\n')
    expect(mermaid).toContain('  state ready {\n    state "editing" as ready__editing\n')
    expect(mermaid).toContain('    [*] --> ready__editing\n')
    expect(mermaid).toContain('  gaveUp --> [*]\n')
  })

  it('labels guards, actions, named delays, invokes and descriptions', () => {
    expect(mermaid).toContain('failed --> loading : item.retry [hasAttemptsLeft]\n')
    expect(mermaid).toContain('failed --> gaveUp : item.retry — No attempts left\n')
    expect(mermaid).toContain('loading --> ready : loadItem done / storePrice\n')
    expect(mermaid).toContain('ready__checking --> ready__saved : always [isQuantityValid]\n')
    expect(mermaid).toContain('ready__saved --> ready__editing : after 1500 ms (savedMessageMs)\n')
    expect(mermaid).toContain('ready --> ready : stock snapshot / storeStock\n')
    expect(mermaid).toContain('note right of loading : invokes loadItem\n')
    expect(mermaid).toContain('note right of ready : invokes watchStock as stock\n')
    expect(mermaid).toContain('ready__invalid : The quantity must be positive\n')
  })

  it('lists states and transitions for analysts', () => {
    expect(md).toContain('| `ready` | compound |  | watchStock as stock | loaded |\n')
    expect(md).toContain('| `ready.saved` | after 1500 ms (savedMessageMs) |  | `ready.editing` |  |  |\n')
    expect(md).toContain('| `failed` | item.retry | hasAttemptsLeft | `loading` |  |  |\n')
  })

  it('separates parallel regions and keeps ids and labels Mermaid-safe', () => {
    const machine = setup({}).createMachine({
      id: 'p',
      type: 'parallel',
      states: {
        end: { initial: 'a', states: { a: { description: 'x: "y"; #1', on: { go: 'b' } }, b: {} } },
        'the-other': { initial: 'c', states: { c: { after: { 2500: 'd' } }, d: {} } },
      },
    })
    const text = renderMachineDiagram(machine)
    expect(text).toContain('  state "end" as s_end\n  state s_end {\n')
    // Mermaid takes `--` only inside a composite: a parallel root's regions just follow each other
    expect(text).toContain('  }\n  state "the-other" as the_other\n')
    expect(text).not.toContain('\n  --\n')
    const nested = setup({}).createMachine({ id: 'n', initial: 'both', states: { both: { type: 'parallel', states: { x: {}, y: {} } } } })
    expect(renderMachineDiagram(nested)).toContain('  state both {\n    state "x" as both__x\n    --\n    state "y" as both__y\n  }\n')
    expect(text).toContain('    end__a : x#58; #quot;y#quot;#59; #35;1\n')
    expect(text).toContain('the_other__c --> the_other__d : after 2500 ms\n')
    expect(text).not.toContain('[*] --> s_end\n')
  })
})

describe('renderDiagramIndex', () => {
  it('links each machine with the first sentence of its description', () => {
    expect(renderDiagramIndex([fixtureMachine])).toContain('- [fixture](fixture.md): Loads an item, lets the dealer set a quantity, watches the stock.\n')
  })
})
