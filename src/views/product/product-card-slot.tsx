import { lazy, Suspense, type ComponentProps } from 'react'
import { Loading } from '../ui/loading'
import styles from './product-card-slot.module.css'

// the card's dialog and tabs (react-aria's overlays, ~45 KB gzipped) load when a dealer first
// opens a product, not with the catalogue
const ProductCardDialog = lazy(() => import('./product-card-dialog').then((module) => ({ default: module.ProductCardDialog })))

/** The product card popup, loaded in its own chunk; a spinner shows while that chunk arrives. */
export function ProductCardSlot(props: ComponentProps<typeof ProductCardDialog>) {
  return (
    <Suspense
      fallback={
        <div className={styles.pending}>
          <Loading label="Открываем карточку товара…" />
        </div>
      }
    >
      <ProductCardDialog {...props} />
    </Suspense>
  )
}
