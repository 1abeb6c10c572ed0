import { useSelector } from '@xstate/react'
import type { Counted } from '../../contract/catalogue'
import { priceBounds, type FilterChange } from '../../machines/catalogue-query'
import { Button } from '../ui/button'
import { formatInteger } from '../ui/format'
import type { CatalogueFilterActor as CatalogueFilterActor } from '../../machines/catalogue-filter.machine'
import { useCatalogueApi } from './catalogue-connect'
import styles from './catalogue.module.css'
import { CategoryTree } from './category-tree'
import { RangeFilter } from './range-filter'

/**
 * The catalogue's filters (spec §2): category tree, warehouse, availability, brands, price,
 * parameters and tags. Facets come from the last answer; before it, the filterinit data.
 */
export function FilterPanel({ catalogue }: { catalogue: CatalogueFilterActor }) {
  const api = useCatalogueApi(catalogue)
  const query = useSelector(catalogue, (snapshot) => snapshot.context.query)
  const init = useSelector(catalogue, (snapshot) => snapshot.context.init)
  const answer = useSelector(catalogue, (snapshot) => snapshot.context.answer)
  const change = (filterChange: FilterChange) => catalogue.send({ type: 'filter.change', change: filterChange })

  const warehouses = answer?.actualWms ?? init?.warehouses ?? []
  const tree = answer?.categories_tree ?? init?.catalog_tree ?? []

  return (
    <aside className={styles.panel} aria-label="Фильтры каталога">
      <CategoryTree tree={tree} selected={query.catalog} onSelect={(id) => change({ kind: 'catalog', id })} />

      <div className={styles.group}>
        <label className={styles.field}>
          <span className={styles.legend}>Склад</span>
          <select value={query.warehouse} onChange={(event) => change({ kind: 'warehouse', id: Number(event.target.value) })}>
            {warehouses.map((warehouse) => (
              <option key={warehouse.id} value={warehouse.id}>
                {warehouse.header}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.check}>
          <input type="checkbox" checked={query.available} onChange={(event) => change({ kind: 'available', value: event.target.checked })} />
          <span>Только в наличии</span>
        </label>
      </div>

      {answer ? (
        <>
          <ChoiceGroup
            legend="Бренды"
            items={answer.brands.data}
            chosen={query.brand}
            onToggle={(id, selected) => change({ kind: 'brand', id, selected })}
          />
          {answer.count > 0 || query.minprice !== null || query.maxprice !== null ? (
            <RangeFilter
              legend="Цена, ₽"
              bounds={priceBounds(answer.prices)}
              value={{ min: query.minprice, max: query.maxprice }}
              decimals={answer.prices.decimals}
              onCommit={(min, max) => change({ kind: 'price', min, max })}
            />
          ) : null}
          {answer.params.map((param) => {
            const chosen = query.params.find((range) => range.id === param.id)
            return (
              <RangeFilter
                key={param.id}
                legend={param.unit ? `${param.header}, ${param.unit}` : param.header}
                bounds={{ min: param.maxmin.minp, max: param.maxmin.maxp }}
                value={{ min: chosen?.minp ?? null, max: chosen?.maxp ?? null }}
                decimals={3}
                onCommit={(minp, maxp) => change({ kind: 'param', id: param.id, minp, maxp })}
              />
            )
          })}
          <ChoiceGroup legend="Метки" items={answer.tags} chosen={query.tags} onToggle={(id, selected) => change({ kind: 'tag', id, selected })} />
        </>
      ) : null}

      {api.canReset ? <Button {...api.getResetProps()}>Сбросить фильтры</Button> : null}
    </aside>
  )
}

interface ChoiceGroupProps {
  legend: string
  items: Counted[]
  chosen: number[]
  onToggle: (id: number, selected: boolean) => void
}

/** A group of checkboxes with the count each choice has under the rest of the filter. */
function ChoiceGroup({ legend, items, chosen, onToggle }: ChoiceGroupProps) {
  if (items.length === 0) return null
  const isChosen = new Set(chosen)
  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>{legend}</legend>
      <ul className={styles.choices}>
        {items.map((item) => (
          <li key={item.id}>
            <label className={styles.check}>
              <input type="checkbox" checked={isChosen.has(item.id)} onChange={(event) => onToggle(item.id, event.target.checked)} />
              <span>{item.header}</span>{' '}
              <span className={styles.categoryCount}>{formatInteger(item.count)}</span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  )
}
