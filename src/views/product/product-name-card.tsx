import type { ProductCardHostActor } from '../../machines/product-card-host.machine'
import type { ProductRequest } from '../../contract/product'
import { useAppDeps, useScreenActor } from '../app-deps'
import link from '../ui/link-button.module.css'

/** Starts the card host of a list whose own machine does not open the product card. */
export const useProductCardHost = (): ProductCardHostActor => useScreenActor(useAppDeps().machines.productCardHost)

interface ProductNameProps extends ProductRequest {
  host: ProductCardHostActor
  header: string
}

/** A product's name in a list: opens its card at the list's contract and warehouse. */
export function ProductName({ host, header, productId, contract, warehouse }: ProductNameProps) {
  return (
    <button type="button" className={link.linkButton} onClick={() => host.send({ type: 'card.open', productId, contract, warehouse })}>
      {header}
    </button>
  )
}
