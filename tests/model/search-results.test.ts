import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { searchResultsMachine } from '../../src/machines/search-results.machine'
import { pagedProductsPathOptions } from '../support/paged-products-paths'
import { describeMachinePaths } from '../support/path-testing'

const input = { query: { keyword: 'перфоратор', contract: '1', warehouse: 1 }, page: 1 }

describeMachinePaths(
  searchResultsMachine,
  pagedProductsPathOptions(input, (products) => ({ products, count: products.length, pages: products.length ? 1 : 0 })),
)

describe('searchResults', () => {
  it('asks for the keyword with the page the address names, and ignores the page it already shows', async () => {
    const asked: unknown[] = []
    const actor = createActor(
      searchResultsMachine.provide({
        actors: {
          loadPage: fromPromise(async ({ input: request }) => {
            asked.push(request)
            return { products: [], count: 0, pages: 0 }
          }),
        },
      }),
      { input },
    ).start()
    actor.send({ type: 'page.change', page: 1 })
    actor.send({ type: 'page.change', page: 3 })
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(asked).toEqual([input, { ...input, page: 3 }])
    expect(actor.getSnapshot().value).toBe('empty')
    actor.stop()
  })
})
