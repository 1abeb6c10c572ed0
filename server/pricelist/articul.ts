/** Spacing, case and the separators - _ . / (and the dashes Word puts in) do not tell articuls apart. */
export const normalizeArticul = (articul: string) => articul.toLowerCase().replace(/[\s\-_./\u2010-\u2015\u2212]+/g, '')

interface Product {
  id: number
  articul: string
}

export type ArticulMatch = { id: number } | 'ambiguous' | 'unknown'

/** The catalogue's articuls, normalised once, for matching many rows. */
export class ArticulIndex {
  private readonly byKey = new Map<string, Product[]>()

  constructor(products: Iterable<Product>) {
    for (const product of products) {
      const key = normalizeArticul(product.articul)
      if (key === '') continue
      const same = this.byKey.get(key)
      if (same) same.push(product)
      else this.byKey.set(key, [product])
    }
  }

  has(articul: string): boolean {
    return this.byKey.has(normalizeArticul(articul))
  }

  /** Two products that differ only in separators are told apart by the exact articul (case aside), or not at all. */
  match(articul: string): ArticulMatch {
    const candidates = this.byKey.get(normalizeArticul(articul)) ?? []
    const [only] = candidates
    if (!only) return 'unknown'
    if (candidates.length === 1) return { id: only.id }
    const exact = candidates.filter((product) => product.articul.trim().toLowerCase() === articul.trim().toLowerCase())
    return exact.length === 1 && exact[0] ? { id: exact[0].id } : 'ambiguous'
  }
}
