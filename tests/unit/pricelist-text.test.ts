import { describe, expect, it } from 'vitest'
import { PRICELIST_MESSAGES } from '../../src/contract/pricelist'
import { decodeText } from '../../server/pricelist/decode-text'
import { readQuantity } from '../../server/pricelist/quantity'
import { detectSeparator, parseTextTable, splitOnWhitespace } from '../../server/pricelist/text-table'
import { encodeCp1251 } from '../fixtures/pricelist/cp1251'

describe('decodeText', () => {
  const text = 'Артикул;Кол-во\r\nАБ-1;5,0\r\n'

  it('reads UTF-8 with and without a BOM', () => {
    expect(decodeText(Buffer.from(text, 'utf8'))).toBe(text)
    expect(decodeText(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]))).toBe(text)
  })

  it('falls back to Windows-1251 when the bytes are not UTF-8', () => {
    expect(decodeText(encodeCp1251(text))).toBe(text)
    expect(decodeText(encodeCp1251('Ёлка №1'))).toBe('Ёлка №1')
  })

  it('reads UTF-16 with a BOM (Excel’s "Unicode text")', () => {
    expect(decodeText(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]))).toBe(text)
  })
})

describe('readQuantity', () => {
  it.each([
    ['5', 5],
    ['5,0', 5],
    ['5.00', 5],
    [' 1 000 ', 1000],
    ['12 шт.', 12],
    ['+3', 3],
  ])('reads %j as %i', (cell, qnt) => {
    expect(readQuantity(cell)).toEqual({ ok: true, qnt })
  })

  it.each(['2,5', '0', '-1', 'пять', '1e3', '2000000'])('refuses %j as not a whole positive number', (cell) => {
    expect(readQuantity(cell)).toEqual({ ok: false, reason: PRICELIST_MESSAGES.badQuantity })
  })

  it('says when there is no quantity', () => {
    expect(readQuantity('  ')).toEqual({ ok: false, reason: PRICELIST_MESSAGES.noQuantity })
  })
})

describe('detectSeparator', () => {
  it('prefers the separator in most lines, decimal commas notwithstanding', () => {
    expect(detectSeparator('a;1,5\nb;2\nc;3,0')).toBe(';')
    expect(detectSeparator('a\t1,5\nb\t2')).toBe('\t')
    expect(detectSeparator('a,1\nb,2')).toBe(',')
    expect(detectSeparator('"a;b",1\n"c;d",2\ne,3')).toBe(',')
    expect(detectSeparator('AB-1 5\nAB-2 3')).toBeNull()
    expect(detectSeparator('AB-1 5,0\nAB-2 2,0')).toBeNull()
    expect(detectSeparator('4600112345678,5\n4600112345679,2')).toBe(',')
  })
})

describe('splitOnWhitespace', () => {
  it('takes the last word as the quantity and the rest as the articul', () => {
    expect(splitOnWhitespace('BOS 1234 5')).toEqual(['BOS 1234', '5'])
    expect(splitOnWhitespace('AB-1   3 шт')).toEqual(['AB-1', '3'])
    expect(splitOnWhitespace('Артикул Количество')).toEqual(['Артикул', 'Количество'])
  })

  it('keeps a line not ending in a number whole', () => {
    expect(splitOnWhitespace('BOS 1234A5')).toEqual(['BOS 1234A5'])
  })
})

describe('parseTextTable', () => {
  it('numbers rows as the file shows them, blank lines counted', () => {
    const rows = parseTextTable('Артикул;Кол-во\n\nAB-1;5\r\n;;\nAB-2;3')
    expect(rows.map((row) => [row.row, row.cells])).toEqual([
      [1, ['Артикул', 'Кол-во']],
      [3, ['AB-1', '5']],
      [5, ['AB-2', '3']],
    ])
  })

  it('reads CSV quoting: separators, doubled quotes and line breaks inside quotes', () => {
    const rows = parseTextTable('"AB;1";"Дрель ""Мастер""\nпро";2\nAB-2;"3"')
    expect(rows.map((row) => [row.row, row.cells])).toEqual([
      [1, ['AB;1', 'Дрель "Мастер"\nпро', '2']],
      [2, ['AB-2', '3']],
    ])
  })

  it('reads pasted lines, tab- and space-separated mixed', () => {
    const rows = parseTextTable('AB-1\t5\nAB 2 3\nAB-3\t\t7')
    expect(rows.map((row) => row.cells)).toEqual([
      ['AB-1', '5'],
      ['AB 2', '3'],
      ['AB-3', '', '7'],
    ])
    expect(parseTextTable('AB-1 5,0\nAB-2 2').map((row) => row.cells)).toEqual([
      ['AB-1', '5,0'],
      ['AB-2', '2'],
    ])
  })

  it('reads each line with its own separator when lines of «;», tab and «, » are mixed (issue 21)', () => {
    const text = 'AB-1;5\n4603462690244, 1\nAB-2\t3\nAB-3;2\nAB 4 7\n"AB;5"'
    expect(parseTextTable(text).map((row) => [row.row, row.cells])).toEqual([
      [1, ['AB-1', '5']],
      [2, ['4603462690244', '1']],
      [3, ['AB-2', '3']],
      [4, ['AB-3', '2']],
      [5, ['AB 4', '7']],
      [6, ['AB;5']],
    ])
    expect(parseTextTable('AB-1\t5\nAB-2\t1\n4603462690244, 1\nAB-3;4').map((row) => row.cells)).toEqual([
      ['AB-1', '5'],
      ['AB-2', '1'],
      ['4603462690244', '1'],
      ['AB-3', '4'],
    ])
    expect(parseTextTable('AB-1, 5\nAB-2, 1\nAB-3;4\nAB-4\t2').map((row) => row.cells)).toEqual([
      ['AB-1', '5'],
      ['AB-2', '1'],
      ['AB-3', '4'],
      ['AB-4', '2'],
    ])
  })

  it('keeps a decimal comma in the quantity when other lines separate with commas', () => {
    expect(parseTextTable('AB-1 2,5\nAB-2,3').map((row) => row.cells)).toEqual([
      ['AB-1', '2,5'],
      ['AB-2', '3'],
    ])
    expect(parseTextTable('AB-1, 2,0\nAB-2, 1').map((row) => row.cells)).toEqual([
      ['AB-1', '2,0'],
      ['AB-2', '1'],
    ])
    expect(parseTextTable('AB-1,2,0').map((row) => row.cells)).toEqual([['AB-1', '2', '0']])
  })

  it('keeps each row’s text as read', () => {
    expect(parseTextTable('  AB-1 ; 5  ')[0]).toEqual({ row: 1, cells: ['AB-1', '5'], text: 'AB-1 ; 5' })
  })
})
