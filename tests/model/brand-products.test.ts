import { brandProductsMachine } from '../../src/machines/brand-products.machine'
import { pagedProductsPathOptions } from '../support/paged-products-paths'
import { describeMachinePaths } from '../support/path-testing'

describeMachinePaths(
  brandProductsMachine,
  pagedProductsPathOptions({ query: { brandId: 3, contract: '1', warehouse: 1 }, page: 1 }, (products) => ({
    brand: { id: 3, header: 'Зубр' },
    brands: [],
    products,
    count: products.length,
    pages: products.length ? 1 : 0,
  })),
)
