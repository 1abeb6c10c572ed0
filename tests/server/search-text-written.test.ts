import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { searchTextOf } from '../../server/catalogue/search-text'
import { createSearchBuilder } from '../../server/catalogue/substring-search'

/**
 * A product's search text is normalised as it is written into the search (addProduct), without
 * normalizeSearch's strings on the way: the search finds exactly what a plain includes finds in
 * searchTextOf's text, whatever the case, whitespace and characters of the header and articul.
 */

/** what the search takes as one byte a character, and what it leaves to normalizeSearch (some of them two-byte) */
const oneByte = ['А', 'а', 'Я', 'я', 'Ё', 'ё', 'е', 'Й', 'Z', 'z', '5', '-', ' ', '  ', '\t', '\n']
const others = ['\u00a0', '№', 'É', 'é', '🚿']
const text = (chars: string[]) => fc.array(fc.constantFrom(...chars), { maxLength: 10 }).map((picked) => picked.join(''))
/** in half the runs only characters the search takes as one byte */
const products = fc
  .boolean()
  .map((all) => (all ? [...oneByte, ...others] : oneByte))
  .chain((chars) => fc.array(fc.record({ header: text(chars), articul: text(chars) }), { minLength: 1, maxLength: 30 }))
const keyword = fc.array(fc.constantFrom('а', 'я', 'е', 'й', 'z', '5', ' ', 'é', '№'), { minLength: 1, maxLength: 3 }).map((chars) => chars.join(''))

describe('a product search text written as it is normalised', () => {
  it('finds what searchTextOf finds', () => {
    fc.assert(
      fc.property(products, fc.array(keyword, { minLength: 1, maxLength: 6 }), (rows, keywords) => {
        const builder = createSearchBuilder()
        for (const { header, articul } of rows) builder.addProduct(header, articul)
        const containing = builder.finish()
        const texts = rows.map(searchTextOf)
        for (const word of keywords) expect([...containing(word)], word).toEqual(texts.map((t) => (t.includes(word) ? 1 : 0)))
      }),
      { numRuns: 500 },
    )
  })
})
