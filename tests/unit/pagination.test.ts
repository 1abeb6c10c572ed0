import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { MAX_CELLS, paginationCells, type Cell } from '../../src/contract/pagination-cells'

const pagesOf = (cells: Cell[]) => cells.flatMap((cell) => (cell.kind === 'page' ? [cell.page] : []))
/** 1 2 … 9 for readable examples */
const show = (cells: Cell[]) => cells.map((cell) => (cell.kind === 'page' ? String(cell.page) : '…')).join(' ')

const currentAndTotal = fc.integer({ min: 1, max: 10_000 }).chain((total) => fc.tuple(fc.integer({ min: 1, max: total }), fc.constant(total)))

const property = (check: (cells: Cell[], current: number, total: number) => void) =>
  fc.assert(
    fc.property(currentAndTotal, ([current, total]) => check(paginationCells(current, total), current, total)),
    { numRuns: 2_000 },
  )

describe('paginationCells', () => {
  it('has at most 11 cells, and at least min(7, total)', () =>
    property((cells, _, total) => {
      expect(cells.length).toBeLessThanOrEqual(MAX_CELLS)
      expect(cells.length).toBeGreaterThanOrEqual(Math.min(7, total))
    }))

  it('starts with page 1 and ends with the last page', () =>
    property((cells, _, total) => {
      expect(cells[0]).toEqual({ kind: 'page', page: 1 })
      expect(cells.at(-1)).toEqual({ kind: 'page', page: total })
    }))

  it('shows the current page and its neighbours', () =>
    property((cells, current, total) => {
      const pages = pagesOf(cells)
      for (const page of [current - 1, current, current + 1].filter((p) => p >= 1 && p <= total)) expect(pages).toContain(page)
    }))

  it('lists pages strictly increasing', () =>
    property((cells) => {
      const pages = pagesOf(cells)
      pages.slice(1).forEach((page, i) => expect(page).toBeGreaterThan(pages[i]!))
    }))

  it('never puts two ellipses side by side', () =>
    property((cells) => {
      cells.slice(1).forEach((cell, i) => expect(cell.kind === 'ellipsis' && cells[i]!.kind === 'ellipsis').toBe(false))
    }))

  it('puts an ellipsis exactly where pages are skipped, and only over two or more pages', () =>
    property((cells) => {
      cells.forEach((cell, i) => {
        const before = cells[i - 1]
        const after = cells[i + 1]
        if (cell.kind === 'ellipsis') {
          expect(before?.kind === 'page' && after?.kind === 'page').toBe(true)
          if (before?.kind === 'page' && after?.kind === 'page') expect(after.page - before.page).toBeGreaterThan(2)
        } else if (after?.kind === 'page') {
          expect(after.page).toBe(cell.page + 1)
        }
      })
    }))

  it('has no ellipsis when there are 11 pages or fewer', () =>
    property((cells, _, total) => {
      if (total <= MAX_CELLS) expect(cells.some((cell) => cell.kind === 'ellipsis')).toBe(false)
    }))

  it.each([
    [1, 1, '1'],
    [3, 5, '1 2 3 4 5'],
    [7, 7, '1 2 3 4 5 6 7'],
    [11, 11, '1 2 3 4 5 6 7 8 9 10 11'],
    [1, 12, '1 2 3 4 5 6 7 8 9 … 12'],
    [6, 100, '1 2 3 4 5 6 7 8 9 … 100'],
    [7, 100, '1 … 4 5 6 7 8 9 10 … 100'],
    [50, 100, '1 … 47 48 49 50 51 52 53 … 100'],
    [94, 100, '1 … 91 92 93 94 95 96 97 … 100'],
    [95, 100, '1 … 92 93 94 95 96 97 98 99 100'],
    [100, 100, '1 … 92 93 94 95 96 97 98 99 100'],
    [7, 12, '1 … 4 5 6 7 8 9 10 11 12'],
    [6, 12, '1 2 3 4 5 6 7 8 9 … 12'],
  ])('page %i of %i: %s', (current, total, expected) => {
    expect(show(paginationCells(current, total))).toBe(expected)
  })

  it('clamps the current page and gives no cells without pages', () => {
    expect(paginationCells(0, 3)).toEqual(paginationCells(1, 3))
    expect(show(paginationCells(500, 20))).toBe('1 … 12 13 14 15 16 17 18 19 20')
    expect(paginationCells(1, 0)).toEqual([])
  })
})
