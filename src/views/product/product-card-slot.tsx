import { useSelector } from '@xstate/react'
import { Suspense } from 'react'
import type { AnyActorRef } from 'xstate'
import { CARD_CODE_MESSAGES, cardCodeStatusOf } from '../../machines/card-code'
import type { ProductCardActor } from '../../machines/product-card.machine'
import { CodeFailed, CodeLoading } from '../ui/code-status'
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

/**
 * The product card popup: a spinner while the card's code and its dialog's chunk arrive, a
 * message with «Закрыть» when the code could not be loaded, then the dialog.
 */
export function ProductCardSlot({ owner, card, onClose }: ProductCardSlotProps) {
  const code = useSelector(owner, cardCodeStatusOf)
  if (code === 'loading') return <CodeLoading label={CARD_CODE_MESSAGES.loading} />
  if (code === 'failed') return <CodeFailed text={CARD_CODE_MESSAGES.failed} onClose={onClose} />
  if (!card) return null
  return (
    <Suspense fallback={<CodeLoading label={CARD_CODE_MESSAGES.loading} />}>
      <ProductCardDialog card={card} onClose={onClose} />
    </Suspense>
  )
}
