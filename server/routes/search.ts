import type { FastifyInstance } from 'fastify'
import { CATALOGUE_DEFAULTS } from '../../src/contract/catalogue'
import { autocompleteQuerySchema, searchRequestSchema, type AutocompleteResponse } from '../../src/contract/search'
import { requireAccount, signedInUser } from '../auth/require-account'
import { autocomplete } from '../catalogue/autocomplete'
import { runFilter } from '../catalogue/run-filter'
import type { AppDeps } from '../deps'
import { describeIssue, parseInput, parseQuery, type DescribeIssue } from '../validation'

/** The keyword's own message (spec §5: at least 2 characters) reaches the user as it is. */
const describeSearchIssue: DescribeIssue = (issue) => (issue.path[0] === 'keyword' && issue.code === 'too_small' ? issue.message : describeIssue(issue))

export function registerSearchRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps
  const guarded = { preHandler: requireAccount(deps) }

  /** Autocomplete (spec §2, §5). */
  app.get('/search/', guarded, async (request): Promise<AutocompleteResponse> => {
    const { keyword } = parseQuery(autocompleteQuerySchema, request, describeSearchIssue)
    return { products: await autocomplete(db, keyword) }
  })

  /** Keyword search: the catalogue filter over all catalogues (spec §4: keyword search switches to -1). */
  app.post('/api/search/', guarded, async (request) => {
    const { keyword, ...filter } = parseInput(searchRequestSchema, request.body ?? {}, describeSearchIssue)
    return runFilter(db, signedInUser(request), {
      ...filter,
      catalog: CATALOGUE_DEFAULTS.allCatalogues,
      query: keyword,
      search_range: 'all',
    })
  })
}
