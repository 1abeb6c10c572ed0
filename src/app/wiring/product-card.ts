import { productCardMachine } from '../../machines/product-card.machine'
import type { Http } from '../../services/http'
import { createProductActors } from '../../services/product-card'

/** The product card with its real calls: loaded when a dealer first opens a product, not with the first load. */
export const wireProductCard = ({ http }: { http: Http }) => productCardMachine.provide({ actors: createProductActors({ http }) })
