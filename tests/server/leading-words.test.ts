import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { leadHolding, leadingWords } from '../../server/catalogue/leading-words'
import { createPacer } from '../../server/catalogue/pacing'
import { substringSearch, whenSearchIndexed } from '../../server/catalogue/substring-search'

/** The joined text and line starts of `lines`, as the search builder lays them out. */
function joined(lines: string[]) {
  const starts = new Int32Array(lines.length + 1)
  for (let p = 0; p < lines.length; p += 1) starts[p + 1] = starts[p]! + lines[p]!.length + 1
  return { text: lines.map((line) => `${line}\n`).join(''), starts }
}

async function leadsOf(lines: string[]) {
  const { text, starts } = joined(lines)
  return leadingWords(text, starts, lines.length, createPacer())
}

describe('the leading words of the products', () => {
  it('are each line up to its first space, the same word one id', async () => {
    const leads = await leadsOf(['радиатор стальной', 'кран', '', 'радиатор алюминиевый', ' пробел'])
    expect(leads?.words).toEqual(['радиатор', 'кран', ''])
    expect([...leads!.at]).toEqual([0, 1, 2, 0, 2])
  })

  it('tell which products hold a keyword in their leading word, none when no word does', async () => {
    const leads = (await leadsOf(['радиатор стальной', 'кран радиатора', 'радиатор алюминиевый']))!
    const holds = leadHolding(leads, 'диат')
    expect([0, 1, 2].map((p) => holds?.(p))).toEqual([true, false, true])
    expect(leadHolding(leads, 'стальной')).toBeUndefined()
    expect(leadHolding(leads, 'радиатор с')).toBeUndefined()
  })

  it('hold a keyword exactly where the line up to its first space does', async () => {
    const line = fc.array(fc.constantFrom('а', 'б', ' ', 'x'), { maxLength: 8 }).map((chars) => chars.join(''))
    const keyword = fc.array(fc.constantFrom('а', 'б', 'x'), { minLength: 1, maxLength: 3 }).map((chars) => chars.join(''))
    await fc.assert(
      fc.asyncProperty(fc.array(line, { minLength: 1, maxLength: 40 }), keyword, async (lines, word) => {
        const holds = leadHolding((await leadsOf(lines))!, word)
        expect(lines.map((_, p) => holds?.(p) ?? false)).toEqual(lines.map((text) => text.split(' ')[0]!.includes(word)))
      }),
      { numRuns: 200 },
    )
  })

  it('are not kept past 4096 distinct ones, and the search still finds what includes finds', async () => {
    const lines = Array.from({ length: 5000 }, (_, p) => `слово${p} радиатор`)
    expect(await leadsOf(lines)).toBeUndefined()
    const containing = await substringSearch(lines, createPacer())
    containing('радиатор')
    await whenSearchIndexed(containing)
    expect([...containing('во49')]).toEqual(lines.map((line) => (line.includes('во49') ? 1 : 0)))
    expect([...containing('радиатор')].every((flag) => flag === 1)).toBe(true)
  })
})
