import { describe, expect, it } from 'vitest'
import { createActor, toPromise } from 'xstate'
import type { BrandProductsResponse } from '../../src/contract/brand-products'
import { createBrandProductsActors } from '../../src/services/brands'
import { createHttp } from '../../src/services/http'

const answer: BrandProductsResponse = { brand: null, brands: [], products: [], count: 0, pagination: { page: 2, perpage: 30, pages: 0 } }

describe('brand page loader', () => {
  it.each([
    [0, 30],
    [9, 20],
  ])('asks POST /api/getProductsByBrandId/ for brand %i with %i per page', async (brandId, perpage) => {
    const sent: { url: string; body: unknown }[] = []
    const fetch = async (request: Request) => {
      sent.push({ url: request.url, body: await request.json() })
      return Response.json(answer)
    }
    const http = createHttp({ prefixUrl: 'http://cabinet.test/', fetch: fetch as typeof globalThis.fetch })
    const { loadPage } = createBrandProductsActors({ http })
    const input = { query: { brandId, contract: '0', warehouse: 1 }, page: 2 }
    const page = await toPromise(createActor(loadPage, { input }).start())
    expect(sent).toEqual([{ url: 'http://cabinet.test/api/getProductsByBrandId/', body: { id: brandId, perpage, page: 2, contract: '0', warehouse: 1 } }])
    expect(page).toEqual({ brand: null, brands: [], products: [], count: 0, pages: 0 })
  })
})
