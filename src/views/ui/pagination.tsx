import { Link } from '@tanstack/react-router'
import { memo } from 'react'
import { paginationCells } from '../../contract/pagination-cells'
import { ChevronIcon } from './icons'
import styles from './pagination.module.css'

export interface PaginationProps {
  /** the current page, from the address's ?page= */
  page: number
  /** the number of pages */
  total: number
}

/**
 * Spec §2, §9: up to 11 numbered/ellipsis cells (see paginationCells) plus the prev and next
 * arrows. Each cell links to the current address with another ?page= (the other query
 * parameters stay), so reload and browser back keep the page.
 */
export const Pagination = memo(function Pagination({ page, total }: PaginationProps) {
  if (total <= 1) return null
  const current = Math.min(Math.max(page, 1), total)
  const linkTo = (n: number) => ({ to: './', search: (prev: object) => ({ ...prev, page: n }) }) as const

  return (
    <nav className={styles.nav} aria-label="Страницы">
      <ul className={styles.list}>
        <li>
          <Link {...linkTo(current - 1)} disabled={current <= 1} className={styles.cell} aria-label="Предыдущая страница">
            <ChevronIcon direction="left" />
          </Link>
        </li>
        {paginationCells(current, total).map((cell, index) => (
          <li key={cell.kind === 'page' ? cell.page : `gap-${index}`}>
            {cell.kind === 'page' ? (
              <Link
                {...linkTo(cell.page)}
                className={styles.cell}
                aria-label={`Страница ${cell.page}`}
                aria-current={cell.page === current ? 'page' : undefined}
              >
                {cell.page}
              </Link>
            ) : (
              <span className={`${styles.cell} ${styles.ellipsis}`} aria-hidden="true">
                …
              </span>
            )}
          </li>
        ))}
        <li>
          <Link {...linkTo(current + 1)} disabled={current >= total} className={styles.cell} aria-label="Следующая страница">
            <ChevronIcon direction="right" />
          </Link>
        </li>
      </ul>
    </nav>
  )
})

/**
 * What an empty list shows when its ?page= lies past the last page (see isPastLastPage): an old
 * bookmark or a result that shrank finds no products although there are some, so say so and
 * link to the last page instead of a bare "nothing found".
 */
export function PastLastPage({ page, total }: PaginationProps) {
  return (
    <p className={styles.pastLast} role="status">
      {`Страницы ${page} нет, всего страниц: ${total}. `}
      <Link to="./" search={(prev: object) => ({ ...prev, page: total })}>
        Перейти на последнюю страницу
      </Link>
    </p>
  )
}

export function isPastLastPage(page: number, total: number) {
  return total >= 1 && page > total
}
