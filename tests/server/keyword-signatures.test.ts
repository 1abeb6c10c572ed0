import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createPacer } from '../../server/catalogue/pacing'
import { patchedSearch, substringSearch, whenSearchIndexed } from '../../server/catalogue/substring-search'

/**
 * The keyword search through the pair signatures finds exactly what a plain includes finds: on
 * random texts of a few letters (so that products share pairs without holding the keyword), in
 * one-byte text and in text that has to stay two-byte, and after products changed in place.
 */

const naive = (texts: readonly string[], keyword: string) => texts.map((text) => (text.includes(keyword) ? 1 : 0))

const letters = fc.constantFrom('а', 'б', 'р', ' ', 'x', '5', 'ё')
const text = fc.array(letters, { maxLength: 12 }).map((chars) => chars.join(''))
// past 64 products, so that the signatures span several 32-bit words
const texts = fc.array(text, { minLength: 1, maxLength: 100 })
const keyword = fc.array(letters, { minLength: 1, maxLength: 5 }).map((chars) => chars.join(''))

describe('the keyword search through the pair signatures', () => {
  it('finds what a plain includes finds, before and after the signatures are hashed', async () => {
    await fc.assert(
      fc.asyncProperty(texts, fc.array(keyword, { minLength: 1, maxLength: 8 }), fc.boolean(), async (products, keywords, twoByte) => {
        const all = twoByte ? [...products, '№ – два байта'] : products
        const containing = await substringSearch(all, createPacer())
        expect([...containing(keywords[0]!)]).toEqual(naive(all, keywords[0]!))
        await whenSearchIndexed(containing)
        for (const word of keywords) expect([...containing(word)], word).toEqual(naive(all, word))
      }),
      { numRuns: 300 },
    )
  })

  it('still does after products changed in place and moved', async () => {
    await fc.assert(
      fc.asyncProperty(texts, text, keyword, async (products, changedText, word) => {
        const base = await substringSearch(products, createPacer())
        base(word)
        await whenSearchIndexed(base)
        // the first product deleted, the last one's text changed
        const moved = Int32Array.from(products, (_, i) => i - 1)
        const now = products.slice(1)
        if (now.length > 0) now[now.length - 1] = changedText
        const changed = new Map(now.length > 0 ? [[now.length - 1, changedText]] : [])
        expect([...patchedSearch(base, now.length, moved, changed)(word)]).toEqual(naive(now, word))
      }),
      { numRuns: 200 },
    )
  })
})
