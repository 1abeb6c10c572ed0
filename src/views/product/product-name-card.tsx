import type { ProductCardHostActor } from '../../machines/product-card-host.machine'
import type { CatalogueProduct } from '../../contract/catalogue'
import type { ProductRequest } from '../../contract/product'
import { useSelector } from '@xstate/react'
import { useShellActor } from '../layout/shell-context'
import link from '../ui/link-button.module.css'

/** The product card host of the session (the shell's child) for lists whose own machine does not open the card. */
export function useProductCardHost(): ProductCardHostActor {
  const host = useSelector(useShellActor(), (snapshot) => snapshot.children.productCardHost)
  if (!host) throw new Error('useProductCardHost is used before the cabinet data loaded')
  return host
}

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

/** A list's product names (ProductTable's, ProductTiles' `nameOf`): each opens its card at the list's contract and warehouse. */
export const productNameOf = (host: ProductCardHostActor, contract: string, warehouse: number) => (product: CatalogueProduct) => (
  <ProductName host={host} header={product.header} productId={product.id} contract={contract} warehouse={warehouse} />
)
