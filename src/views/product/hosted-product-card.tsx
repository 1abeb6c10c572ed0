import { useSelector } from '@xstate/react'
import type { ProductCardHostActor } from '../../machines/product-card-host.machine'
import { useShellActor } from '../layout/shell-context'
import { ProductCardSlot } from './product-card-slot'

/**
 * The card the session's product card host has open, if any (its dialog loads in its own chunk):
 * shown once, by the cabinet frame, for every list that opens cards through the host.
 */
export function SessionProductCard() {
  const host = useSelector(useShellActor(), (snapshot) => snapshot.children.productCardHost)
  return host ? <HostedProductCard host={host} /> : null
}

function HostedProductCard({ host }: { host: ProductCardHostActor }) {
  const card = useSelector(host, (snapshot) => snapshot.children.productCard)
  return <ProductCardSlot owner={host} card={card} onClose={() => host.send({ type: 'card.close' })} />
}
