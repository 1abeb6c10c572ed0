import { memo } from 'react'
import { CATALOGUE_DEFAULTS } from '../../contract/catalogue'
import type { CategoryCountNode } from '../../contract/filter-answer'
import { formatInteger } from '../ui/format'
import styles from './catalogue.module.css'

export interface CategoryTreeProps {
  tree: CategoryCountNode[]
  /** the chosen category id, or '-1' = all catalogues */
  selected: string
  onSelect: (id: string) => void
}

/** Ids from the root to `id` (inclusive), or [] when it is not in the tree. */
function pathTo(nodes: CategoryCountNode[], id: string): string[] {
  for (const node of nodes) {
    if (node.id === id) return [node.id]
    const below = pathTo(node.children, id)
    if (below.length > 0) return [node.id, ...below]
  }
  return []
}

/**
 * The category tree (spec §2): the sections, and the children of every category on the way to
 * the chosen one, so the tree opens where the dealer is. The chosen one is aria-current.
 * Memoised: it re-renders when the tree, its counts or the choice change, not on other clicks.
 */
export const CategoryTree = memo(function CategoryTree({ tree, selected, onSelect }: CategoryTreeProps) {
  const open = new Set(pathTo(tree, selected))
  const renderLevel = (nodes: CategoryCountNode[], depth: number) => (
    <ul className={depth === 0 ? styles.tree : styles.subtree}>
      {nodes.map((node) => (
        <li key={node.id}>
          <CategoryButton id={node.id} header={node.header} count={node.count} current={node.id === selected} onSelect={onSelect} />
          {open.has(node.id) && node.children.length > 0 ? renderLevel(node.children, depth + 1) : null}
        </li>
      ))}
    </ul>
  )
  return (
    <nav className={styles.group} aria-label="Разделы каталога">
      <h2 className={styles.legend}>Разделы</h2>
      <CategoryButton
        id={CATALOGUE_DEFAULTS.allCatalogues}
        header="Все разделы"
        current={selected === CATALOGUE_DEFAULTS.allCatalogues}
        onSelect={onSelect}
      />
      {renderLevel(tree, 0)}
    </nav>
  )
})

interface CategoryButtonProps {
  id: string
  header: string
  count?: number
  current: boolean
  onSelect: (id: string) => void
}

/** Memoised: a new answer re-renders the categories whose counts changed, a choice the two whose state did. */
const CategoryButton = memo(function CategoryButton({ id, header, count, current, onSelect }: CategoryButtonProps) {
  return (
    <button
      type="button"
      className={current ? `${styles.category} ${styles.categoryCurrent}` : styles.category}
      aria-current={current ? 'true' : undefined}
      onClick={() => onSelect(id)}
    >
      <span>{header}</span> {count !== undefined ? <span className={styles.categoryCount}>{formatInteger(count)}</span> : null}
    </button>
  )
})
