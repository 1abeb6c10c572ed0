import type { SearchQuery } from '../contract/search'
import { createPagedProductsMachine, type ProductsPage } from './paged-products'

export const SEARCH_RESULTS_MESSAGES = {
  noKeyword: 'Введите запрос в строке поиска вверху страницы',
  loadFailed: 'Не удалось выполнить поиск',
  empty: (keyword: string) => `По запросу «${keyword}» ничего не найдено`,
} as const

/**
 * /cabinet/action12/: the products matching a keyword over all catalogues (spec §2, §4:
 * keyword search switches the catalogue to -1), 20 per page.
 */
export const searchResultsMachine = createPagedProductsMachine<SearchQuery, ProductsPage>({
  id: 'searchResults',
  description: 'Keyword search results over all catalogues, 20 per page, the page kept in the address.',
  loading: 'POST /api/search/ {keyword, contract}',
  empty: '"По запросу «…» ничего не найдено"',
})
