import { useSelector } from '@xstate/react'
import { memo, useMemo, useState } from 'react'
import type { Counted } from '../../contract/catalogue'
import type { ParamFacet, Prices } from '../../contract/filter-answer'
import { priceBounds } from '../../machines/catalogue-query'
import type { ParamRange } from '../../machines/catalogue-search'
import { Button } from '../ui/button'
import { formatInteger } from '../ui/format'
import { useMediaQuery } from '../ui/use-media-query'
import type { CatalogueFilterActor as CatalogueFilterActor } from '../../machines/catalogue-filter.machine'
import { useCatalogueApi, useFilterChanges, type FilterChanges } from './catalogue-connect'
import styles from './catalogue.module.css'
import { CategoryTree } from './category-tree'
import { RangeFilter } from './range-filter'

/** Where the filters stand beside the list, unfolded (the drawer breakpoint of tokens.css). */
const PANEL_BESIDE_LIST = '(min-width: 960px)'

/**
 * The filter panel, rendered from its first showing on: a phone's first paint leaves the folded
 * panel out (a quarter of the page's elements, issue 24); once shown it stays, with what was typed.
 */
export function FoldedFilterPanel({ catalogue, open }: { catalogue: CatalogueFilterActor; open: boolean }) {
  const beside = useMediaQuery(PANEL_BESIDE_LIST)
  const [rendered, setRendered] = useState(false)
  if ((open || beside) && !rendered) setRendered(true)
  return rendered ? <FilterPanel catalogue={catalogue} /> : null
}

/**
 * The catalogue's filters (spec §2): category tree, warehouse, availability, brands, price,
 * parameters and tags. Facets come from the last answer; before it, the filterinit data.
 * Each group is memoised: a click re-renders the group it changed, an answer the facets it changed.
 */
const FilterPanel = memo(function FilterPanel({ catalogue }: { catalogue: CatalogueFilterActor }) {
  const api = useCatalogueApi(catalogue)
  const changes = useFilterChanges(catalogue)
  const query = useSelector(catalogue, (snapshot) => snapshot.context.query)
  const init = useSelector(catalogue, (snapshot) => snapshot.context.init)
  const answer = useSelector(catalogue, (snapshot) => snapshot.context.answer)

  const warehouses = answer?.actualWms ?? init?.warehouses ?? []
  const tree = answer?.categories_tree ?? init?.catalog_tree ?? []

  return (
    <aside className={styles.panel} aria-label="Фильтры каталога">
      <CategoryTree tree={tree} selected={query.catalog} onSelect={changes.selectCatalog} />

      <div className={styles.group}>
        <label className={styles.field}>
          <span className={styles.legend}>Склад</span>
          <select value={query.warehouse} onChange={(event) => changes.selectWarehouse(Number(event.target.value))}>
            {warehouses.map((warehouse) => (
              <option key={warehouse.id} value={warehouse.id}>
                {warehouse.header}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.check}>
          <input type="checkbox" checked={query.available} onChange={(event) => changes.setAvailable(event.target.checked)} />
          <span>Только в наличии</span>
        </label>
      </div>

      {answer ? (
        <>
          <ChoiceGroup legend="Бренды" items={answer.brands.data} chosen={query.brand} onToggle={changes.toggleBrand} />
          {answer.count > 0 || query.minprice !== null || query.maxprice !== null ? (
            <PriceRangeFilter prices={answer.prices} min={query.minprice} max={query.maxprice} onCommit={changes.commitPrice} />
          ) : null}
          {answer.params.map((param) => (
            <ParamRangeFilter key={param.id} param={param} chosen={query.params.find((range) => range.id === param.id)} onCommit={changes.commitParam} />
          ))}
          <ChoiceGroup legend="Метки" items={answer.tags} chosen={query.tags} onToggle={changes.toggleTag} />
        </>
      ) : null}

      {api.canReset ? <Button {...api.getResetProps()}>Сбросить фильтры</Button> : null}
    </aside>
  )
})

interface PriceRangeFilterProps {
  prices: Prices
  min: number | null
  max: number | null
  onCommit: FilterChanges['commitPrice']
}

const PriceRangeFilter = memo(function PriceRangeFilter({ prices, min, max, onCommit }: PriceRangeFilterProps) {
  const bounds = useMemo(() => priceBounds(prices), [prices])
  return <RangeFilter legend="Цена, ₽" bounds={bounds} value={{ min, max }} onCommit={onCommit} />
})

interface ParamRangeFilterProps {
  param: ParamFacet
  /** the dealer's range of this parameter, if any */
  chosen: ParamRange | undefined
  onCommit: FilterChanges['commitParam']
}

const ParamRangeFilter = memo(function ParamRangeFilter({ param, chosen, onCommit }: ParamRangeFilterProps) {
  return (
    <RangeFilter
      legend={param.unit ? `${param.header}, ${param.unit}` : param.header}
      bounds={{ min: param.maxmin.minp, max: param.maxmin.maxp }}
      value={{ min: chosen?.minp ?? null, max: chosen?.maxp ?? null }}
      onCommit={(minp, maxp) => onCommit(param.id, minp, maxp)}
    />
  )
})

interface ChoiceGroupProps {
  legend: string
  items: Counted[]
  chosen: number[]
  onToggle: (id: number, selected: boolean) => void
}

/**
 * A group of checkboxes with the count each choice has under the rest of the filter. Each choice
 * is memoised: a click re-renders the choice it toggled, an answer the counts it changed.
 */
const ChoiceGroup = memo(function ChoiceGroup({ legend, items, chosen, onToggle }: ChoiceGroupProps) {
  if (items.length === 0) return null
  const isChosen = new Set(chosen)
  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>{legend}</legend>
      <ul className={styles.choices}>
        {items.map((item) => (
          <Choice key={item.id} item={item} checked={isChosen.has(item.id)} onToggle={onToggle} />
        ))}
      </ul>
    </fieldset>
  )
})

const Choice = memo(function Choice({ item, checked, onToggle }: { item: Counted; checked: boolean; onToggle: ChoiceGroupProps['onToggle'] }) {
  return (
    <li>
      <label className={styles.check}>
        <input type="checkbox" checked={checked} onChange={(event) => onToggle(item.id, event.target.checked)} />
        <span>{item.header}</span> <span className={styles.categoryCount}>{formatInteger(item.count)}</span>
      </label>
    </li>
  )
})
