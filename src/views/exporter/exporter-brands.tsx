import type { BrandTick } from '../../machines/exporter.selectors'
import { Button } from '../ui/button'
import type { ExporterApi } from './exporter-connect'
import styles from './exporter.module.css'

function BrandBox({ brand, onToggle }: { brand: BrandTick; onToggle: (id: number) => void }) {
  return (
    <label className={styles.brand}>
      <input type="checkbox" checked={brand.ticked} onChange={() => onToggle(brand.id)} />
      <span>{brand.header}</span>
    </label>
  )
}

/** The brands with their checkboxes: the search, the two views, «Сохранить выбор». */
export function ExporterBrands({ api }: { api: ExporterApi }) {
  const search = api.getSearchProps()
  return (
    <div className={styles.brands}>
      <div className={styles.toolbar}>
        <label className={styles.search}>
          <span>Поиск бренда</span>
          <input type="search" value={search.value} onChange={(event) => search.onChange(event.currentTarget.value)} />
        </label>
        <div className={styles.views} role="group" aria-label="Вид списка">
          {api.viewOptions.map((option) => (
            <Button key={option.view} variant={option.isCurrent ? 'primary' : 'secondary'} aria-pressed={option.isCurrent} onPress={option.onPress}>
              {option.label}
            </Button>
          ))}
        </div>
      </div>
      <div className={styles.selection}>
        <span className={styles.muted}>{api.caption}</span>
        <Button {...api.getSaveProps()}>Сохранить выбор</Button>
        <span role="status" className={api.selection === 'saveFailed' ? styles.error : styles.muted}>
          {api.selectionLine}
          {api.selectionError ? `: ${api.selectionError}` : null}
        </span>
      </div>
      {api.view === 'raw' ? (
        <ul className={styles.grid} aria-label="Бренды">
          {api.raw.map((brand) => (
            <li key={brand.id}>
              <BrandBox brand={brand} onToggle={api.toggleBrand} />
            </li>
          ))}
        </ul>
      ) : (
        <div className={styles.letters}>
          {api.letters.map((group) => (
            <section key={group.letter} className={styles.letter} aria-label={`Бренды на букву ${group.letter}`}>
              <div className={styles.letterHead}>
                <h3>{group.letter}</h3>
                <label className={styles.brand}>
                  <input type="checkbox" checked={group.allTicked} onChange={() => api.toggleLetter(group.letter)} />
                  <span>Все на букву {group.letter}</span>
                </label>
              </div>
              <ul className={styles.grid}>
                {group.brands.map((brand) => (
                  <li key={brand.id}>
                    <BrandBox brand={brand} onToggle={api.toggleBrand} />
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
      {api.raw.length === 0 ? <p className={styles.muted}>Брендов с таким названием нет</p> : null}
    </div>
  )
}
