import { useSelector } from '@xstate/react'
import { Suspense } from 'react'
import type { AnyActorRef } from 'xstate'
import { CARD_CODE_MESSAGES, cardCodeStatusOf } from '../../machines/card-code'
import type { ProductCardActor } from '../../machines/product-card.machine'
import { Button } from '../ui/button'
import { Loading } from '../ui/loading'
import styles from './product-card-slot.module.css'
import { lazyPart } from '../ui/lazy-part'

// the card's dialog and tabs (react-aria's overlays, ~45 KB gzipped) load when a dealer first
// opens a product, not with the catalogue
const ProductCardDialog = lazyPart(() => import('./product-card-dialog'))

export interface ProductCardSlotProps {
  /** the machine that opens the card: it waits while the card's code loads */
  owner: AnyActorRef
  /** the card it runs, once open */
  card: ProductCardActor | undefined
  onClose: () => void
}

function Pending() {
  return (
    <div className={styles.pending}>
      <Loading label={CARD_CODE_MESSAGES.loading} />
    </div>
  )
}

/**
 * The product card popup: a spinner while the card's code and its dialog's chunk arrive, a
 * message with «Закрыть» when the code could not be loaded, then the dialog.
 */
export function ProductCardSlot({ owner, card, onClose }: ProductCardSlotProps) {
  const code = useSelector(owner, cardCodeStatusOf)
  if (code === 'loading') return <Pending />
  if (code === 'failed')
    return (
      <div className={styles.pending}>
        <div className={styles.failed} role="alert">
          <p>{CARD_CODE_MESSAGES.failed}</p>
          <Button variant="primary" onPress={onClose} autoFocus>
            Закрыть
          </Button>
        </div>
      </div>
    )
  if (!card) return null
  return (
    <Suspense fallback={<Pending />}>
      <ProductCardDialog card={card} onClose={onClose} />
    </Suspense>
  )
}
