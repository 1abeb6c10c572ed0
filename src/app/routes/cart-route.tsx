import type { ComponentType } from 'react'
import { CartPage } from '../../views/cart/cart-page'

/** /cart/ (the basket, its checkout, draft saving and warehouse maps run under the shell) */
export const CartRoute: ComponentType = CartPage
