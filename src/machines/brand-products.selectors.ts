import type { SnapshotFrom } from 'xstate'
import { BRAND_PRODUCTS_MESSAGES, type BrandProductsPage, type brandProductsMachine } from './brand-products.machine'

type BrandProductsSnapshot = SnapshotFrom<typeof brandProductsMachine>

/** The brand page's heading and brand list, from the brand asked for (0: every brand) and the page loaded so far. */
export function brandPageOf(brandId: number, result: BrandProductsPage | null) {
  const isAllBrands = brandId === 0
  return {
    /** «Все бренды», the brand's name once loaded, or «Бренд» until then */
    title: isAllBrands ? BRAND_PRODUCTS_MESSAGES.allBrands : (result?.brand?.header ?? 'Бренд'),
    /** every brand with its product count, on the all-brands page once loaded; else null */
    brands: isAllBrands && result ? result.brands : null,
  }
}

/** The same from the machine's snapshot: the brand of its query and its last page. */
export const brandPageFromSnapshot = (snapshot: BrandProductsSnapshot) => brandPageOf(snapshot.context.query.brandId, snapshot.context.result)
