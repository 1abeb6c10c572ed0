import type { Warehouse } from '../../contract/account'
import { WAREHOUSE_MAP_MESSAGES } from '../../machines/basket-messages'
import type { BasketActor } from '../../machines/basket.machine'
import { Button } from '../ui/button'
import { warehouseMapTitle } from './cart-dialogs-connect'
import styles from './warehouse-map-dialog.module.css'

/** The map window's code loads when a pointer or the focus reaches an opener, or when a map opens. */
export const loadWarehouseMapDialog = () => import('./warehouse-map-dialog')
const preloadWarehouseMapDialog = () => void loadWarehouseMapDialog()

export interface WarehouseMapOpenerProps {
  /** the basket, which runs the open map while its page is shown */
  basket: BasketActor
  warehouse: Warehouse
  /** the visible text; the accessible name always names the warehouse */
  label?: string
}

/**
 * «Схема проезда»: the basket opens the warehouse's map (`map.open`), whose machine runs as its
 * child while the modal (`WarehouseMapDialog`) is shown. Closing returns the focus to this button.
 */
export function WarehouseMapOpener({ basket, warehouse, label = WAREHOUSE_MAP_MESSAGES.title }: WarehouseMapOpenerProps) {
  return (
    <Button
      className={styles.opener}
      aria-label={warehouseMapTitle(warehouse)}
      aria-haspopup="dialog"
      onPointerEnter={preloadWarehouseMapDialog}
      onFocus={preloadWarehouseMapDialog}
      onPress={() => basket.send({ type: 'map.open', warehouse })}
    >
      <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
        <path d="M8 15s-5-4.6-5-8.5a5 5 0 0 1 10 0C13 10.4 8 15 8 15z" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" />
        <circle cx="8" cy="6.5" r="1.8" fill="currentColor" />
      </svg>
      {label}
    </Button>
  )
}
