import type { Warehouse } from '../../contract/account'
import type { WarehouseMapActor } from '../../machines/warehouse-map.machine'
import { Button } from '../ui/button'
import { ModalFrame } from '../ui/modal-frame'
import { ErrorBlock } from '../ui/error-block'
import { Loading } from '../ui/loading'
import { useWarehouseMapApi, warehouseMapTitle } from './cart-dialogs-connect'
import styles from './warehouse-map-dialog.module.css'

interface WarehouseMapDialogProps {
  /** the map the basket has open (its child "warehouseMap") */
  map: WarehouseMapActor
  warehouse: Warehouse
  onClose: () => void
}

/** Spec §2 /tpl/direction.html (loaded when a map first opens, see WarehouseMapOpener): the warehouse's address, schedule and map picture; «Закрыть» or Esc. */
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
