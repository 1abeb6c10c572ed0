import type { ActorRefFrom } from 'xstate'
import type { BrandRef, Counted } from '../contract/catalogue'
import type { BrandQuery } from '../contract/brand-products'
import { createPagedProductsMachine, type ProductsPage } from './paged-products'

export const BRAND_PRODUCTS_MESSAGES = {
  allBrands: 'Все бренды',
  loadFailed: 'Не удалось загрузить товары бренда',
  empty: 'У бренда нет товаров',
} as const

export interface BrandProductsPage extends ProductsPage {
  /** null on the all-brands page */
  brand: BrandRef | null
  /** every brand with its product count (the all-brands page) */
  brands: Counted[]
}

/** The brand page (spec §2, §9): a brand's products 20 per page, all brands (id 0) 30 per page. */
export const brandProductsMachine = createPagedProductsMachine<BrandQuery, BrandProductsPage>({
  id: 'brandProducts',
  description: "A brand's products (or every brand's on id 0), paged, the page kept in the address.",
  loading: 'POST /api/getProductsByBrandId {id, perpage, page}',
  empty: '"У бренда нет товаров"',
})

export type BrandProductsActor = ActorRefFrom<typeof brandProductsMachine>
