import type { CatalogueFilterContext } from '../../src/machines/catalogue-filter.machine'
import { DEFAULT_QUERY } from '../../src/machines/catalogue-search'

/** A catalogue machine context with nothing loaded yet, for snapshots built with resolveState. */
export const catalogueContext = (overrides: Partial<CatalogueFilterContext> = {}): CatalogueFilterContext => ({
  query: DEFAULT_QUERY,
  contract: '0',
  init: null,
  answer: null,
  errorMessage: null,
  marks: [],
  markError: null,
  productId: null,
  ...overrides,
})
