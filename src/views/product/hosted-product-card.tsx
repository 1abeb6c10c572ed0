import { useSelector } from '@xstate/react'
import type { ProductCardHostActor } from '../../machines/product-card-host.machine'
import { ProductCardSlot } from './product-card-slot'

/** The card a list's host has open, if any (its dialog loads in its own chunk). */
export function HostedProductCard({ host }: { host: ProductCardHostActor }) {
  const card = useSelector(host, (snapshot) => snapshot.children.productCard)
  if (!card) return null
  return <ProductCardSlot card={card} onClose={() => host.send({ type: 'card.close' })} />
}
