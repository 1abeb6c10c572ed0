import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { SORT_FIELDS, type SortField } from '../../src/contract/catalogue'
import { ariaSortOf, cycleSorting, DEFAULT_SORTING, type SortState } from '../../src/machines/catalogue-sorting'

const field = fc.constantFrom(...SORT_FIELDS)
const sortState: fc.Arbitrary<SortState> = fc.option(fc.record({ field, sort: fc.constantFrom('asc' as const, 'desc' as const) }), { nil: null })

describe('catalogue sorting (spec §4)', () => {
  it('defaults to header ascending', () => {
    expect(DEFAULT_SORTING).toEqual({ field: 'header', sort: 'asc' })
    expect(ariaSortOf(DEFAULT_SORTING, 'header')).toBe('ascending')
  })

  it('cycles a column none → ascending → descending → none', () => {
    const steps: SortState[] = [null]
    for (let i = 0; i < 3; i++) steps.push(cycleSorting(steps.at(-1)!, 'price'))
    expect(steps).toEqual([null, { field: 'price', sort: 'asc' }, { field: 'price', sort: 'desc' }, null])
  })

  it('from the default, the header column goes on to descending, then none', () => {
    expect(cycleSorting(DEFAULT_SORTING, 'header')).toEqual({ field: 'header', sort: 'desc' })
    expect(cycleSorting({ field: 'header', sort: 'desc' }, 'header')).toBeNull()
  })

  it('sorting another column resets the previous one: it starts at ascending', () => {
    fc.assert(
      fc.property(sortState, field, (current, other) => {
        fc.pre(current === null || current.field !== other)
        expect(cycleSorting(current, other)).toEqual({ field: other, sort: 'asc' })
      }),
    )
  })

  it('the cycle has three steps: three presses leave the column as it was, or unsorted', () => {
    fc.assert(
      fc.property(sortState, field, (current, column) => {
        const third = cycleSorting(cycleSorting(cycleSorting(current, column), column), column)
        expect(third).toEqual(current !== null && current.field === column ? current : null)
      }),
    )
  })

  it('only the sorted column has an aria-sort other than none', () => {
    fc.assert(
      fc.property(sortState, (current) => {
        const sorted = SORT_FIELDS.filter((column: SortField) => ariaSortOf(current, column) !== 'none')
        expect(sorted).toEqual(current === null ? [] : [current.field])
      }),
    )
  })
})
