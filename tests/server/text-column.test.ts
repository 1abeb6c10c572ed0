import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { textColumnBuilder, textColumnOf } from '../../server/catalogue/text-column'

const sign = (n: number) => Math.sign(n)
const compareStrings = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

// names as the catalogue has them, and texts that cross a page, stay strings or hold surrogate pairs
const text = fc.oneof(
  fc.string({ maxLength: 60 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.constantFrom('', 'Радиатор', 'Радиатор алюминиевый', 'Котёл 🚿', 'A-1', 'a'),
  fc.string({ minLength: 4000, maxLength: 5000 }),
)

describe('a column of texts kept off the heap', () => {
  it('gives back every text as written, however long, and compares them as strings do', () => {
    fc.assert(
      fc.property(fc.array(text, { maxLength: 40 }), (texts) => {
        const column = textColumnOf(texts)
        expect(Array.from(column)).toEqual(texts)
        for (let i = 0; i < texts.length; i += 1)
          for (let j = 0; j < texts.length; j += 1) expect(sign(column.compare(i, j))).toBe(compareStrings(texts[i]!, texts[j]!))
      }),
    )
  })

  it('copies runs of another column, its replaced texts included, into a new one', () => {
    fc.assert(
      fc.property(
        fc.array(text, { minLength: 1, maxLength: 40 }),
        fc.array(fc.tuple(fc.nat(), text), { maxLength: 5 }),
        fc.array(text, { maxLength: 3 }),
        fc.nat(),
        (texts, replacements, inserted, cut) => {
          const changed = new Map(replacements.map(([at, replacement]) => [at % texts.length, replacement]))
          const source = textColumnOf(texts).with(changed)
          const now = texts.map((old, i) => changed.get(i) ?? old)
          const middle = cut % (texts.length + 1)
          // the source's texts before `middle`, the inserted ones, then the rest: as a patch adds products
          const builder = textColumnBuilder(texts.length + inserted.length)
          if (middle > 0) builder.putRun(source, 0, middle, 0)
          inserted.forEach((insert, k) => builder.put(middle + k, insert))
          if (middle < texts.length) builder.putRun(source, middle, texts.length, middle + inserted.length)
          const copy = builder.finish()
          const expected = [...now.slice(0, middle), ...inserted, ...now.slice(middle)]
          expect(Array.from(copy)).toEqual(expected)
          for (let i = 0; i < expected.length; i += 1) expect(sign(copy.compare(i, 0))).toBe(compareStrings(expected[i]!, expected[0]!))
        },
      ),
    )
  })

  it('refuses a text out of turn, and a column left short', () => {
    const builder = textColumnBuilder(2)
    expect(() => builder.put(1, 'b')).toThrow()
    builder.put(0, 'a')
    expect(() => builder.finish()).toThrow()
  })
})
