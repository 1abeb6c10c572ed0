import { describe, expect, it } from 'vitest'
import { stripMachineDescriptions } from '../../scripts/strip-machine-descriptions'

const transform = (code: string, id = '/repo/src/machines/demo.machine.ts') => {
  const plugin = stripMachineDescriptions()
  const hook = plugin.transform as (code: string, id: string) => { code: string; map: null } | null
  return hook.call({}, code, id)
}

describe('the build strips machine descriptions', () => {
  it('blanks written descriptions, keeping positions, the rest of the object and valid code', () => {
    const code = [
      "const m = { id: 'demo', description: 'Загрузка «корзины»',",
      "  states: { idle: { description: `The ${LABEL.x} runs`, on: { go: { target: 'b', description: 'a' + 'b' } } } } }",
      "const tab = { [TAB.description]: { description: 'The description' } }",
    ].join('\n')
    const result = transform(code)!
    expect(result.code).toHaveLength(code.length)
    expect(result.code.split('\n')).toHaveLength(3)
    expect(result.code).not.toMatch(/description:/)
    expect(result.code.replace(/\s+/g, ' ')).toBe(
      "const m = { id: 'demo', states: { idle: { on: { go: { target: 'b', } } } } } const tab = { [TAB.description]: { } }",
    )
    expect(result.map).toBeNull()
  })

  it('keeps a description computed at run time and any file outside src/machines', () => {
    const code = 'const m = { description: texts.description, other: { description: `${read()}` } }'
    expect(transform(code)).toBeNull()
    expect(transform("const x = { description: 'data' }", '/repo/src/contract/product.ts')).toBeNull()
  })
})
