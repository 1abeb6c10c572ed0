import { useActorRef, useSelector } from '@xstate/react'
import { useEffect } from 'react'
import type { Warehouse } from '../../contract/account'
import { CATALOGUE_DEFAULTS } from '../../contract/catalogue'
import { CATALOGUE_LIST_MESSAGES } from '../../machines/catalogue-list.machine'
import { useAppDeps } from '../app-deps'
import { useInitData } from '../layout/shell-context'
import { ErrorBlock } from '../ui/error-block'
import { formatCount, formatInteger, formatMoney, PRODUCT_FORMS } from '../ui/format'
import { Loading } from '../ui/loading'
import { PageHeading } from '../ui/page-heading'
import { Pagination } from '../ui/pagination'
import table from '../ui/data-table.module.css'
import styles from './cabinet-home-page.module.css'

/**
 * /cabinet/ for now: the selected contract, the warehouses and the contract's products, 20 per
 * page, with the page in the address. The full catalogue (filters, tree, basket) replaces it.
 */
export function CabinetHomePage({ page }: { page: number }) {
  const { contracts, selectedContract, warehouses } = useInitData()
  const contract = contracts.find((candidate) => candidate.id === selectedContract)
  const warehouse = warehouses.find((candidate) => candidate.id === CATALOGUE_DEFAULTS.warehouse) ?? warehouses[0]

  return (
    <section>
      <PageHeading>Каталог</PageHeading>
      <div className={styles.facts}>
        <span>
          Договор: <strong>{contract ? `${contract.header} (${contract.contragent})` : 'не выбран'}</strong>
        </span>
        <span>
          Склады: <WarehouseList warehouses={warehouses} current={warehouse} />
        </span>
      </div>
      {warehouse ? <ProductList key={selectedContract} contract={selectedContract} warehouse={warehouse} page={page} /> : null}
    </section>
  )
}

function WarehouseList({ warehouses, current }: { warehouses: Warehouse[]; current: Warehouse | undefined }) {
  return (
    <ul className={styles.warehouses}>
      {warehouses.map((warehouse) => (
        <li key={warehouse.id} className={warehouse.id === current?.id ? styles.current : undefined}>
          {warehouse.header}
        </li>
      ))}
    </ul>
  )
}

/** Restarts (key) when the contract changes; page changes arrive as `page.change`. */
function ProductList({ contract, warehouse, page }: { contract: string; warehouse: Warehouse; page: number }) {
  const list = useActorRef(useAppDeps().machines.catalogueList, { input: { contract, warehouse: warehouse.id, page } })
  // the address is the source of truth for the page (links, reload, browser back): forward it
  useEffect(() => list.send({ type: 'page.change', page }), [list, page])

  const view = useSelector(list, (snapshot) => String(snapshot.value))
  const { products, count, pages, errorMessage } = useSelector(list, (snapshot) => snapshot.context)
  const busy = view === 'loading'

  if (view === 'failed') {
    return <ErrorBlock title={CATALOGUE_LIST_MESSAGES.loadFailed} message={errorMessage} onRetry={() => list.send({ type: 'list.retry' })} />
  }
  if (view === 'empty') return <p className={styles.empty}>{CATALOGUE_LIST_MESSAGES.empty}</p>
  if (busy && products.length === 0) return <Loading label="Загрузка товаров…" />

  return (
    <div aria-busy={busy}>
      <p className={styles.count} aria-live="polite">
        {busy ? 'Загрузка товаров…' : `Найдено: ${formatCount(count, PRODUCT_FORMS)}`}
      </p>
      <div className={styles.tableWrap}>
        <table className={busy ? `${table.table} ${table.busy}` : table.table}>
          <thead>
            <tr>
              <th scope="col">Артикул</th>
              <th scope="col">Наименование</th>
              <th scope="col">Бренд</th>
              <th scope="col" className={table.number}>
                Цена
              </th>
              <th scope="col" className={table.number}>
                Остаток ({warehouse.header})
              </th>
            </tr>
          </thead>
          <tbody>
            {products.map((product) => (
              <tr key={product.id}>
                <td className={table.mono}>{product.articul}</td>
                <td>{product.header}</td>
                <td>{product.brand.header}</td>
                <td className={table.number}>{formatMoney(product.price)}</td>
                <td className={table.number}>{formatInteger(product.quantity)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pagination page={page} total={pages} />
    </div>
  )
}
