/** The brand page shows its products as tiles or as a list (spec §2), chosen in ?view=. */
export const BRAND_VIEWS = ['tiles', 'list'] as const
export type BrandView = (typeof BRAND_VIEWS)[number]
