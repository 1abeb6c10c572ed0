import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { rolldown } from 'rolldown'
import { afterAll, describe, expect, it } from 'vitest'
import { pureSchemas } from '../../scripts/pure-schemas'

const plugin = pureSchemas()
const transform = (code: string, id = '/repo/src/contract/demo.ts') => {
  const hook = plugin.transform as (code: string, id: string) => { code: string } | null
  return hook.call({}, code, id)?.code ?? null
}

describe('the build marks the zod schemas of a module as pure', () => {
  it('marks every call a top-level schema makes at import, not those of its callbacks or of plain code', () => {
    const code = [
      "import * as z from 'zod/mini'",
      "import { lineText } from './common'",
      'export const item = z.object({ id: z.string().check(z.trim()), name: lineText(), n: z.pipe(z.string(), z.transform((v) => Number(v))) })',
      'const helper = (max: number) => z.number().check(z.lte(max))',
      'export const total = sum(1, 2)',
    ].join('\n')
    expect(transform(code)).toBe(
      [
        "import * as z from 'zod/mini'",
        "import { lineText } from './common'",
        'export const item = /* @__PURE__ */ z.object({ id: /* @__PURE__ */ z.string().check(/* @__PURE__ */ z.trim()), name: /* @__PURE__ */ lineText(), n: /* @__PURE__ */ z.pipe(/* @__PURE__ */ z.string(), /* @__PURE__ */ z.transform((v) => Number(v))) })',
        'const helper = (max: number) => z.number().check(z.lte(max))',
        'export const total = sum(1, 2)',
      ].join('\n'),
    )
  })

  it('runs a schema that reads a message or a default in a function called as pure, so that unused it goes with its reads', () => {
    const code = [
      "import * as z from 'zod/mini'",
      "const M = { badId: 'Некорректный идентификатор' }",
      'export const id = z.string().check(z.regex(/^\\d+$/, M.badId))',
      'export const name = z.string()',
    ].join('\n')
    expect(transform(code)).toBe(
      [
        "import * as z from 'zod/mini'",
        "const M = { badId: 'Некорректный идентификатор' }",
        'export const id = /* @__PURE__ */ (() => (z.string().check(z.regex(/^\\d+$/, M.badId))))()',
        'export const name = /* @__PURE__ */ z.string()',
      ].join('\n'),
    )
  })

  it('leaves modules without zod, with zod types only, and outside src as they are', () => {
    expect(transform('export const total = sum(1, 2)\nexport const x = { z: 1 }')).toBeNull()
    expect(transform("import type * as z from 'zod/mini'\nexport type T = z.infer<typeof x>\nexport const y = z.object({})")).toBeNull()
    expect(transform("import * as z from 'zod/mini'\nexport const s = z.string()", '/repo/node_modules/lib/index.ts')).toBeNull()
  })

  describe('in a bundle where zod is a chunk of its own', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pure-schemas-'))
    afterAll(() => rmSync(dir, { recursive: true, force: true }))
    const bundle = async (marked: boolean) => {
      writeFileSync(join(dir, 'helpers.ts'), "import * as z from 'zod/mini'\nexport const text = () => z.string().check(z.trim())\n")
      writeFileSync(
        join(dir, 'contract.ts'),
        [
          "import * as z from 'zod/mini'",
          "import { text } from './helpers'",
          'export const answerSchema = z.object({ shownInBrowser: z.string() })',
          "const MESSAGES = { badCount: 'messageReadByServerOnly' }",
          'export const requestSchema = z.object({ readByServerOnly: text(), n: z.number().check(z.int(MESSAGES.badCount)) })',
        ].join('\n'),
      )
      writeFileSync(join(dir, 'main.ts'), "import { answerSchema } from './contract'\nconsole.log(answerSchema.parse({ shownInBrowser: 'x' }))\n")
      const build = await rolldown({
        input: join(dir, 'main.ts'),
        cwd: process.cwd(),
        // the plugin reads our modules under src/: the files here stand for them
        plugins: marked ? [{ name: 'marks', transform: (code, id) => transform(code, id.replace(dir, '/repo/src')) }] : [],
        logLevel: 'silent',
      })
      const { output } = await build.generate({ format: 'es', codeSplitting: { groups: [{ name: 'vendor', test: /node_modules[\\/]zod/ }] } })
      return output.map((chunk) => ('code' in chunk && !chunk.fileName.startsWith('vendor') ? chunk.code : '')).join('\n')
    }

    it('drops a schema the browser never reads, which the bundler alone keeps', async () => {
      expect(await bundle(false)).toContain('readByServerOnly')
      const withMarks = await bundle(true)
      expect(withMarks).not.toContain('readByServerOnly')
      // the messages' object too: no read of it stays behind
      expect(withMarks).not.toContain('messageReadByServerOnly')
      expect(withMarks).toContain('shownInBrowser')
    }, 30_000)
  })
})
