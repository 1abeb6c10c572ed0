import { useRouter } from '@tanstack/react-router'
import type { MouseEvent, ReactNode } from 'react'
import type { CatalogueProduct } from '../../contract/catalogue'
import styles from './brand-link.module.css'

/** A brand page's view (its ?view=): the brand screen's BrandView, which this shared folder cannot import. */
type BrandPageView = 'tiles' | 'list'

/** A brand's page, /cabinet/brand/<id>/, with the chosen view when one is given: the address the router builds for it. */
export const brandHref = (id: number, view?: BrandPageView) => `/cabinet/brand/${id}/${view ? `?view=${view}` : ''}`

const isPlainClick = (event: MouseEvent) =>
  event.button === 0 && !event.defaultPrevented && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey

interface BrandPageLinkProps {
  id: number
  view?: BrandPageView
  className?: string
  children: ReactNode
}

/**
 * A link to a brand's page for long lists (a row, a tile, the brand list). TanStack's <Link>
 * builds its location and follows the router's state in every instance, a cost each row pays on
 * every render and address change; this is a plain <a>: the router navigates on a plain click,
 * and hover or focus preloads the page, as `defaultPreload: 'intent'` does for a <Link>.
 */
export function BrandPageLink({ id, view, className, children }: BrandPageLinkProps) {
  const router = useRouter()
  const target = { to: '/cabinet/brand/$id/', params: { id }, search: view ? { view } : {} } as const
  const preload = () => void router.preloadRoute(target).catch(() => undefined)
  const navigate = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!isPlainClick(event)) return
    event.preventDefault()
    void router.navigate(target)
  }
  return (
    <a href={brandHref(id, view)} className={className} onClick={navigate} onMouseEnter={preload} onFocus={preload}>
      {children}
    </a>
  )
}

/** The brand's page, linked from a product's brand name. */
export function BrandLink({ brand }: { brand: CatalogueProduct['brand'] }) {
  return (
    <BrandPageLink id={brand.id} className={styles.brand}>
      {brand.header}
    </BrandPageLink>
  )
}
