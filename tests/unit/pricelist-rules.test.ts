import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { MAX_LINE_QUANTITY } from '../../src/contract/basket'
import { PRICELIST_LIMITS, PRICELIST_MESSAGES, type PricelistProduct } from '../../src/contract/pricelist'
import {
  allChosen,
  cartListOf,
  chosenTotals,
  committedText,
  fileProblem,
  hasChosen,
  initialLines,
  isOverStock,
  lineQuantity,
  steppedText,
  textProblem,
  toggled,
  toggledAll,
  withInput,
  withStockQuantity,
} from '../../src/machines/pricelist-rules'
import { createHttp } from '../../src/services/http'
import { uploadPricelistFile, uploadPricelistText } from '../../src/services/pricelist'

const product = (id: number, qnt: number, available: number, price = 10): PricelistProduct => ({
  id,
  header: `Товар ${id}`,
  articul: `A-${id}`,
  price,
  qnt,
  selected: true,
  available,
  row: id + 1,
})
const PRODUCTS = [product(1, 3, 10, 99.99), product(2, 30, 4, 0.1), product(3, 1, 0)]

describe('checks before sending', () => {
  it('a file: nothing chosen, empty, over 5 МБ, or fine', () => {
    expect(fileProblem(null)).toBe(PRICELIST_MESSAGES.noFile)
    expect(fileProblem({ name: '', size: 0 })).toBe(PRICELIST_MESSAGES.noFile)
    expect(fileProblem({ name: 'a.csv', size: 0 })).toBe(PRICELIST_MESSAGES.emptyFile)
    expect(fileProblem({ name: 'a.xlsx', size: PRICELIST_LIMITS.fileBytes + 1 })).toBe(PRICELIST_MESSAGES.fileTooLarge)
    expect(fileProblem({ name: 'a.xlsx', size: PRICELIST_LIMITS.fileBytes })).toBeNull()
  })

  it('pasted text: blank, over 1 МБ in UTF-8 (Cyrillic counts twice), or fine', () => {
    expect(textProblem(' \n\t ')).toBe(PRICELIST_MESSAGES.noText)
    expect(textProblem('A-1;2')).toBeNull()
    expect(textProblem('я'.repeat(PRICELIST_LIMITS.textBytes / 2))).toBeNull()
    expect(textProblem('я'.repeat(PRICELIST_LIMITS.textBytes / 2 + 1))).toBe(PRICELIST_MESSAGES.textTooLarge)
  })
})

describe('the selection', () => {
  it('starts as the server chose, cut to the free stock; no stock is not chosen', () => {
    expect(initialLines(PRODUCTS)).toEqual({
      '1': { selected: true, text: '3' },
      '2': { selected: true, text: '4' },
      '3': { selected: false, text: '1' },
    })
  })

  it('ticks one line; a line with no stock stays unticked; check-all checks every choosable line, then none', () => {
    const lines = initialLines(PRODUCTS)
    expect(toggled(lines, PRODUCTS, '1')['1']?.selected).toBe(false)
    expect(toggled(lines, PRODUCTS, '3')).toBe(lines)
    expect(allChosen(lines, PRODUCTS)).toBe(true)
    const none = toggledAll(lines, PRODUCTS)
    expect(hasChosen(none)).toBe(false)
    const all = toggledAll(toggled(lines, PRODUCTS, '1'), PRODUCTS)
    expect(Object.fromEntries(Object.entries(all).map(([id, line]) => [id, line.selected]))).toEqual({ '1': true, '2': true, '3': false })
  })

  it('quantities follow the stepper rules of spec §5 and never go below 1', () => {
    const lines = initialLines(PRODUCTS)
    expect(withInput(lines, '1', '007')['1']?.text).toBe('7')
    expect(withInput(lines, '1', 'abc')['1']?.text).toBe('1')
    expect(committedText('')).toBe('1')
    expect(committedText('0')).toBe('1')
    expect(steppedText('1', -1)).toBe('1')
    expect(steppedText('4', 1)).toBe('5')
    expect(isOverStock(PRODUCTS, '11', '1')).toBe(true)
    expect(isOverStock(PRODUCTS, '10', '1')).toBe(false)
    expect(withStockQuantity(withInput(lines, '1', '50'), PRODUCTS, '1')['1']?.text).toBe('10')
  })

  it('the cartList and the totals count the chosen lines only', () => {
    const lines = toggled(initialLines(PRODUCTS), PRODUCTS, '2')
    expect(cartListOf(lines)).toEqual({ '1': 3 })
    expect(chosenTotals(lines, PRODUCTS)).toEqual({ count: 1, qnt: 3, sum: 299.97 })
    expect(chosenTotals(initialLines(PRODUCTS), PRODUCTS)).toEqual({ count: 2, qnt: 7, sum: 300.37 })
  })

  it('property: whatever is typed, a committed quantity is a whole number from 1 to the line maximum', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const qnt = Number(committedText(text))
        expect(Number.isInteger(qnt)).toBe(true)
        expect(qnt).toBeGreaterThanOrEqual(1)
        expect(qnt).toBeLessThanOrEqual(MAX_LINE_QUANTITY)
        expect(lineQuantity(committedText(text))).toBe(qnt)
      }),
    )
  })
})

describe('the price-list calls', () => {
  const capture = () => {
    const requests: Request[] = []
    const http = createHttp({
      prefixUrl: 'http://cabinet.test/',
      fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
        requests.push(new Request(input, init))
        return new Response(JSON.stringify({ products: [], unmatched: [], wms: 1, contract: '3' }), { headers: { 'content-type': 'application/json' } })
      }) as typeof fetch,
    })
    return { http, requests }
  }

  it('uploadsFromFile posts multipart: contract, wms and the file', async () => {
    const { http, requests } = capture()
    const file = new File(['A-1;2'], 'order.csv', { type: 'text/csv' })
    await uploadPricelistFile(http, { file, contract: '0', wms: 2 })
    const request = requests[0]!
    expect(request.url).toBe('http://cabinet.test/api/uploadsFromFile/')
    expect(request.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/)
    const form = await request.formData()
    expect(form.get('contract')).toBe('0')
    expect(form.get('wms')).toBe('2')
    const sent = form.get('file') as File
    expect(sent.name).toBe('order.csv')
    expect(await sent.text()).toBe('A-1;2')
  })

  it('uploadsFromBuffer posts the text form-encoded', async () => {
    const { http, requests } = capture()
    await uploadPricelistText(http, { text: 'A-1\t2\nБ-2\t3', contract: '0', wms: 1 })
    const request = requests[0]!
    expect(request.url).toBe('http://cabinet.test/api/uploadsFromBuffer/')
    expect(request.headers.get('content-type')).toMatch(/^application\/x-www-form-urlencoded/)
    expect(Object.fromEntries(new URLSearchParams(await request.text()))).toEqual({ text: 'A-1\t2\nБ-2\t3', contract: '0', wms: '1' })
  })

  it('refuses to upload something that is not a file', async () => {
    const { http, requests } = capture()
    await expect(uploadPricelistFile(http, { file: { name: 'x.csv', size: 3 }, contract: '0', wms: 1 })).rejects.toThrow(TypeError)
    expect(requests).toEqual([])
  })
})
