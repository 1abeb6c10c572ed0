import type { SnapshotFrom } from 'xstate'
import type { warehouseMapMachine } from './warehouse-map.machine'

type WarehouseMapSnapshot = SnapshotFrom<typeof warehouseMapMachine>

/** What the map window shows: loading, the failure, or the warehouse's address, schedule and picture. */
export type WarehouseMapView = 'loading' | 'failed' | 'shown'

export function warehouseMapViewOf(snapshot: WarehouseMapSnapshot): WarehouseMapView {
  if (snapshot.matches('shown') && snapshot.context.warehouse) return 'shown'
  if (snapshot.matches('loading')) return 'loading'
  return 'failed'
}
