import { describe, expect, it } from 'vitest'
import { PRICELIST_MESSAGES } from '../../src/contract/pricelist'
import { ArticulIndex, normalizeArticul } from '../../server/pricelist/articul'
import { detectColumns } from '../../server/pricelist/columns'
import { matchRows } from '../../server/pricelist/match-rows'
import { parseTextTable } from '../../server/pricelist/text-table'

const index = new ArticulIndex([
  { id: 1, articul: 'BOS-1234A56789' },
  { id: 2, articul: 'АБ-1234567К' },
  { id: 3, articul: '4600112345678' },
  { id: 4, articul: 'MK-1' },
  { id: 5, articul: 'MK1' },
])
const isKnown = (articul: string) => index.has(articul)

describe('articuls', () => {
  it('ignore spacing, case and the separators - _ . /', () => {
    expect(normalizeArticul(' Bos 1234_a.567/89 ')).toBe('bos1234a56789')
    for (const written of ['bos-1234a56789', 'BOS 1234A56789', 'BOS_1234.A567/89', 'BOS–1234A56789']) {
      expect(index.match(written)).toEqual({ id: 1 })
    }
    expect(index.match('аб 1234567к')).toEqual({ id: 2 })
  })

  it('tell apart two products that differ only in separators by the exact articul, else call it ambiguous', () => {
    expect(index.match('mk-1')).toEqual({ id: 4 })
    expect(index.match('MK1')).toEqual({ id: 5 })
    expect(index.match('MK 1')).toBe('ambiguous')
    expect(index.match('MK-2')).toBe('unknown')
  })
})

describe('detectColumns', () => {
  it('finds the columns by their headers, below a title', () => {
    const rows = parseTextTable('Заказ от 01.11\nНаименование;Кол-во, шт.;Цена;Артикул\nДрель;5;100;BOS-1234A56789')
    expect(detectColumns(rows, isKnown)).toEqual({ headerRow: 1, articul: 3, qnt: 1 })
  })

  it.each([
    ['Код товара\tqty', 0, 1],
    ['SKU;QNT', 0, 1],
    ['Арт.;Шт', 0, 1],
    ['Код;Артикул;Количество', 1, 2],
  ])('knows the header names %j', (header, articul, qnt) => {
    expect(detectColumns(parseTextTable(`${header}\nx;1`), isKnown)).toEqual({ headerRow: 0, articul, qnt })
  })

  it('finds header-less columns by content: the known articuls and the quantities, not the prices', () => {
    const rows = parseTextTable('Дрель;1 200,50;BOS-1234A56789;3\nПила;900;АБ-1234567К;1\nНож;350;XYZ;2')
    expect(detectColumns(rows, isKnown)).toEqual({ headerRow: null, articul: 2, qnt: 3 })
  })

  it('takes a header-less table of numbers apart: the EAN articuls and the small quantities', () => {
    const rows = parseTextTable('4600112345678;10\n4600112345679;2')
    expect(detectColumns(rows, isKnown)).toEqual({ headerRow: null, articul: 0, qnt: 1 })
  })

  it('skips a first row of unknown column names', () => {
    const rows = parseTextTable('Номенклатура;Арт. поставщика;Заказ\nДрель;BOS-1234A56789;3')
    expect(detectColumns(rows, isKnown)).toEqual({ headerRow: 0, articul: 1, qnt: 2 })
  })
})

describe('matchRows', () => {
  it('sums repeated articuls and lists every other row with its number and reason', () => {
    const rows = parseTextTable(
      ['Артикул;Кол-во', 'bos 1234a56789;5,0', 'XYZ-1;1', 'BOS1234A56789;2', 'АБ-1234567К;2,5', '4600112345678;', ';4', 'MK 1;1', '', 'АБ-1234567К;0'].join(
        '\n',
      ),
    )
    expect(matchRows(rows, index)).toEqual({
      lines: [{ id: 1, qnt: 7, row: 2 }],
      unmatched: [
        { row: 3, text: 'XYZ-1;1', reason: PRICELIST_MESSAGES.notFound },
        { row: 5, text: 'АБ-1234567К;2,5', reason: PRICELIST_MESSAGES.badQuantity },
        { row: 6, text: '4600112345678;', reason: PRICELIST_MESSAGES.noQuantity },
        { row: 7, text: ';4', reason: PRICELIST_MESSAGES.noArticul },
        { row: 8, text: 'MK 1;1', reason: PRICELIST_MESSAGES.ambiguous },
        { row: 10, text: 'АБ-1234567К;0', reason: PRICELIST_MESSAGES.badQuantity },
      ],
    })
  })

  it('says every row has no quantity when no column holds numbers', () => {
    expect(matchRows(parseTextTable('BOS-1234A56789\nMK-1'), index).unmatched.map((row) => row.reason)).toEqual([
      PRICELIST_MESSAGES.noQuantity,
      PRICELIST_MESSAGES.noQuantity,
    ])
  })
})
