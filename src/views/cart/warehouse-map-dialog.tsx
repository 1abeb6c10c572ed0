import type { Warehouse } from '../../contract/account'
import type { BasketActor } from '../../machines/basket.machine'
import { WAREHOUSE_MAP_MESSAGES, type WarehouseMapActor } from '../../machines/warehouse-map.machine'
import { Button } from '../ui/button'
import { ModalFrame } from '../ui/modal-frame'
import { ErrorBlock } from '../ui/error-block'
import { Loading } from '../ui/loading'
import { useWarehouseMapApi, warehouseMapTitle } from './cart-dialogs-connect'
import styles from './warehouse-map-dialog.module.css'

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

interface WarehouseMapDialogProps {
  /** the map the basket has open (its child "warehouseMap") */
  map: WarehouseMapActor
  warehouse: Warehouse
  onClose: () => void
}

/** Spec §2 /tpl/direction.html: the warehouse's address, schedule and map picture; «Закрыть» or Esc. */
export function WarehouseMapDialog({ map, warehouse, onClose }: WarehouseMapDialogProps) {
  return (
    <ModalFrame title={warehouseMapTitle(warehouse)} classes={styles} onDismiss={onClose}>
      <WarehouseMapBody map={map} />
      <div className={styles.actions}>
        <Button variant="primary" onPress={onClose} autoFocus>
          Закрыть
        </Button>
      </div>
    </ModalFrame>
  )
}

function WarehouseMapBody({ map }: { map: WarehouseMapActor }) {
  const api = useWarehouseMapApi(map)
  if (api.view === 'loading') return <Loading label={api.loadingLabel} />
  if (!api.shown) return <ErrorBlock {...api.getFailedProps()} />
  return (
    <div className={styles.body}>
      <dl className={styles.facts}>
        <div>
          <dt>Адрес</dt>
          <dd>{api.shown.address}</dd>
        </div>
        <div>
          <dt>{api.shown.scheduleTitle}</dt>
          <dd>{api.shown.schedule}</dd>
        </div>
      </dl>
      <img className={styles.picture} src={api.shown.picture.src} width={640} height={400} alt={api.shown.picture.alt} />
    </div>
  )
}
