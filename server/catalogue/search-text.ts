/** Lowercase (Cyrillic too), ё as е, single spaces: how keywords and products are compared. */
export function normalizeSearch(text: string): string {
  return text.toLowerCase().replaceAll('ё', 'е').replace(/\s+/g, ' ').trim()
}

/** What a keyword is looked for in: the product's header and articul. */
export const searchTextOf = (product: { header: string; articul: string }) => normalizeSearch(`${product.header} ${product.articul}`)
