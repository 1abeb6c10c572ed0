import { ConfirmDialog } from '../ui/confirm-dialog'
import type { CartApi } from './cart-connect'

/** «Очистить корзину?» (loaded when a pointer or the focus reaches «Очистить корзину», or when it opens). */
export default function ClearBasketDialog({ dialog }: { dialog: NonNullable<CartApi['clearDialog']> }) {
  return (
    <ConfirmDialog {...dialog}>
      <p>Все товары будут удалены из корзины.</p>
    </ConfirmDialog>
  )
}
