import { useId } from 'react'
import { useInitData, useSelectedWarehouse, useShellActor } from '../layout/shell-context'
import styles from './warehouse-select.module.css'

/**
 * «Склад»: the warehouse the dealer works from, above a product list. The choice is the shell's
 * (`warehouse.select`), so every list, the catalogue and the product card follow it, and it is
 * remembered in this browser. A native select: keyboard and screen readers work as everywhere.
 */
export function WarehouseSelect() {
  const shell = useShellActor()
  const { warehouses } = useInitData()
  const selected = useSelectedWarehouse()
  const selectId = useId()
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={selectId}>
        Склад
      </label>
      <select
        id={selectId}
        className={styles.select}
        value={selected.id}
        onChange={(event) => shell.send({ type: 'warehouse.select', id: Number(event.target.value) })}
      >
        {warehouses.map((warehouse) => (
          <option key={warehouse.id} value={warehouse.id}>
            {warehouse.header}
          </option>
        ))}
      </select>
    </div>
  )
}
