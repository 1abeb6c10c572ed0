import ExcelJS from 'exceljs'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { AUTH_MESSAGES } from '../../src/contract/auth'
import { CATALOGUE_MESSAGES } from '../../src/contract/catalogue'
import { productSetResponseSchema } from '../../src/contract/product-set'
import { PRICELIST_LIMITS, PRICELIST_MESSAGES, pricelistResponseSchema, type PricelistResponse } from '../../src/contract/pricelist'
import { contractPrice } from '../../server/catalogue/contract'
import { encodeCp1251 } from '../fixtures/pricelist/cp1251'
import { multipartForm } from '../../scripts/bench-support/multipart'
import { HOSTILE_DATA_ROW, hostileXlsx } from '../../scripts/bench-support/hostile-xlsx'
import { demoLogin, loginAs, readTable, startServer, type ServerFixture } from '../support/server-fixture'
import { basketLineQnt, userIdOf } from '../support/server-requests'

let fixture: ServerFixture
let cookie: string
let managerCookie: string
let userId: number
/** contract 1 (the main account's selected one) */
let factor: number

interface Stocked {
  id: number
  articul: string
  header: string
  price: number
  stock: number
}
/** products with at least 3 units at warehouse 1, in id order */
let stocked: Stocked[]

const k = () => fixture.db.kysely

beforeAll(async () => {
  fixture = await startServer({ products: 120 })
  cookie = await loginAs(fixture, 'mainAccount')
  managerCookie = await loginAs(fixture, 'manager')
  userId = await userIdOf(fixture, demoLogin('mainAccount').email)
  factor = (await k().selectFrom('contracts').select('price_factor').where('id', '=', 1).executeTakeFirstOrThrow()).price_factor
  stocked = (
    await k()
      .selectFrom('products')
      .innerJoin('stocks', 'stocks.product_id', 'products.id')
      .select(['products.id', 'products.articul', 'products.header', 'products.price', 'stocks.quantity as stock'])
      .where('stocks.warehouse_id', '=', 1)
      .where('stocks.quantity', '>=', 3)
      .orderBy('products.id')
      .limit(6)
      .execute()
  ).map((row) => ({ ...row, price: Number(row.price) }))
})
afterAll(() => fixture?.close())
beforeEach(async () => {
  await k().deleteFrom('basket_lines').where('user_id', '=', userId).execute()
})

const product = (index: number): Stocked => {
  const found = stocked[index]
  if (!found) throw new Error(`no stocked product ${index}`)
  return found
}

/** The answer's line for a product as the spec shapes it. */
const expectedLine = (p: Stocked, qnt: number, row: number) => ({
  id: p.id,
  header: p.header,
  articul: p.articul,
  price: contractPrice(p.price, factor),
  qnt,
  selected: true,
  available: p.stock,
  row,
})

const uploadFile = (content: Buffer | string, fields: Record<string, string> = {}, session: string | null = cookie) => {
  const { payload, headers } = multipartForm({ contract: '1', ...fields, file: { content } })
  return fixture.app.inject({ method: 'POST', url: '/api/uploadsFromFile', payload, headers: { ...headers, ...(session ? { cookie: session } : {}) } })
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString()

const uploadText = (fields: Record<string, string>, session: string | null = cookie) =>
  fixture.app.inject({
    method: 'POST',
    url: '/api/uploadsFromBuffer/',
    payload: form({ contract: '1', ...fields }),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(session ? { cookie: session } : {}) },
  })

const addCart = (payload: unknown, session: string | null = cookie) =>
  fixture.app.inject({ method: 'POST', url: '/api/addCartFromPricelist/', payload: payload as object, headers: session ? { cookie: session } : {} })

function answerOf(response: { statusCode: number; body: string; json: () => unknown }): PricelistResponse {
  expect(response.statusCode, response.body).toBe(200)
  return pricelistResponseSchema.parse(response.json())
}

async function workbookBytes(rows: unknown[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook()
  const sheet = book.addWorksheet('Заказ')
  for (const row of rows) sheet.addRow(row)
  return Buffer.from(await book.xlsx.writeBuffer())
}

describe('POST /api/uploadsFromFile/', () => {
  it('reads a Windows-1251 CSV with ";" and a decimal comma, listing the rows it could not use', async () => {
    const [a, b] = [product(0), product(1)]
    const csv = [
      'Артикул;Наименование;Кол-во',
      `${a.articul.toLowerCase()};Дрель ударная;5,0`,
      `${b.articul};Пила «Ёлка» №2;2,5`,
      'НЕТ-ТАКОГО-1;Нож;1',
      '',
      `${a.articul};повтор;1`,
    ].join('\r\n')
    const answer = answerOf(await uploadFile(encodeCp1251(csv)))
    expect(answer).toEqual({
      products: [expectedLine(a, 6, 2)],
      unmatched: [
        { row: 3, text: `${b.articul};Пила «Ёлка» №2;2,5`, reason: 'Количество должно быть целым положительным числом' },
        { row: 4, text: 'НЕТ-ТАКОГО-1;Нож;1', reason: 'Товар с таким артикулом не найден' },
      ],
      wms: 1,
      contract: '1',
    })
  })

  it('reads an XLSX made with exceljs, below a title row', async () => {
    const [a, b] = [product(0), product(2)]
    const bytes = await workbookBytes([
      ['Заказ ООО «Ромашка»'],
      ['№', 'Код товара', 'Товар', 'Количество'],
      [1, a.articul, a.header, 3],
      [2, b.articul, b.header, 1],
    ])
    const answer = answerOf(await uploadFile(bytes))
    expect(answer.products).toEqual([expectedLine(a, 3, 3), expectedLine(b, 1, 4)])
    expect(answer.unmatched).toEqual([])
  })

  it('finds the columns of a header-less file by content', async () => {
    const [a, b] = [product(0), product(1)]
    const csv = `Дрель;1 250,50;${a.articul};2\nПила;990;${b.articul};1\n`
    const answer = answerOf(await uploadFile(Buffer.from(csv)))
    expect(answer.products).toEqual([expectedLine(a, 2, 1), expectedLine(b, 1, 2)])
  })

  it('matches articuls written with other case, spaces, dashes and separators, summing them', async () => {
    const a = product(3)
    const spaced = a.articul.replace(/-/g, ' ').toLowerCase()
    const dashed = [...a.articul.replace(/-/g, '')].join('-')
    const csv = `Артикул,Кол-во\n"  ${spaced} ",1\n${dashed},1\n${a.articul.toUpperCase().replace(/-/g, '_')},1\n${a.articul.replace(/-/g, '.')},1\n`
    const answer = answerOf(await uploadFile(Buffer.from(`\ufeff${csv}`)))
    expect(answer.products).toEqual([expectedLine(a, 4, 2)])
    expect(answer.unmatched).toEqual([])
  })

  it('reads an .xls that is really an HTML table', async () => {
    const a = product(0)
    const html = `<html><body><table><tr><td>Артикул</td><td>Кол-во</td></tr><tr><td>${a.articul}</td><td>2</td></tr></table></body></html>`
    const answer = answerOf(await uploadFile(encodeCp1251(html)))
    expect(answer.products).toEqual([expectedLine(a, 2, 2)])
  })

  it('shows the prices of the contract and the stock of the warehouse asked for', async () => {
    const a = product(0)
    const second = await k().selectFrom('contracts').select('price_factor').where('id', '=', 2).executeTakeFirstOrThrow()
    const stock2 = await k().selectFrom('stocks').select('quantity').where('product_id', '=', a.id).where('warehouse_id', '=', 2).executeTakeFirst()
    const answer = answerOf(await uploadFile(`${a.articul};1`, { contract: '2', wms: '2' }))
    expect(answer.products[0]).toMatchObject({ price: contractPrice(a.price, second.price_factor), available: Math.max(0, stock2?.quantity ?? 0) })
    expect(answer).toMatchObject({ wms: 2, contract: '2' })
    expect(answerOf(await uploadFile(`${a.articul};1`, { contract: '0' })).contract).toBe('1')
  })

  it('refuses a PNG, an empty file, a binary XLS and other non-tables with Russian messages, changing nothing', async () => {
    await addCart({ cartList: { [product(0).id]: 1 }, contract: '1' })
    const before = await readTable(fixture.db, 'basket_lines')
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex')
    const ole = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(504)])
    const cases: [Buffer | string, string][] = [
      [png, PRICELIST_MESSAGES.unsupported],
      [Buffer.from('%PDF-1.4\n%âãÏÓ\n'), PRICELIST_MESSAGES.unsupported],
      [Buffer.alloc(0), PRICELIST_MESSAGES.emptyFile],
      ['\r\n \r\n', PRICELIST_MESSAGES.emptyFile],
      [ole, PRICELIST_MESSAGES.binaryXls],
      [Buffer.from('504b0304', 'hex'), PRICELIST_MESSAGES.unsupported],
      [';;;\n;;', PRICELIST_MESSAGES.noRows],
    ]
    for (const [content, message] of cases) {
      const response = await uploadFile(content)
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({ message })
    }
    expect(PRICELIST_MESSAGES.binaryXls).toMatch(/XLSX.*CSV/)
    expect(await readTable(fixture.db, 'basket_lines')).toEqual(before)
  })

  it('stops an XLSX that unpacks past 50 МБ, whatever its headers declare, and one with too many rows, and the server answers meanwhile', async () => {
    // the attack of issue 21: one row repeated, 190 MB unpacked, headers that say 1 MB
    const bomb = hostileXlsx({ unpackedBytes: 190 * 1024 * 1024, declaredBytes: 1024 * 1024 })
    expect(bomb.length).toBeLessThan(PRICELIST_LIMITS.fileBytes)
    const upload = uploadFile(bomb)
    // read off the event loop: a session call is answered while the file is being read
    const session = await fixture.app.inject({ method: 'GET', url: '/api/session/', headers: { cookie } })
    expect(session.statusCode).toBe(200)
    const response = await upload
    expect(response.statusCode).toBe(413)
    expect(response.json()).toEqual({ message: PRICELIST_MESSAGES.unpackedTooLarge })
    // honest headers over the cap: refused before reading
    const honest = await uploadFile(hostileXlsx({ unpackedBytes: PRICELIST_LIMITS.unpackedBytes + 1024 }))
    expect(honest.statusCode).toBe(413)
    expect(honest.json()).toEqual({ message: PRICELIST_MESSAGES.unpackedTooLarge })
    // small unpacked, but more order lines than an upload may hold: stopped at the row cap
    const rows = await uploadFile(
      hostileXlsx({ unpackedBytes: (PRICELIST_LIMITS.rows + 10) * (HOSTILE_DATA_ROW.length + 6) + 200, rowXml: HOSTILE_DATA_ROW }),
    )
    expect(rows.statusCode).toBe(400)
    expect(rows.json()).toEqual({ message: PRICELIST_MESSAGES.tooManyRows })
  }, 120_000)

  it('refuses a file over 5 MB', async () => {
    const response = await uploadFile(Buffer.alloc(PRICELIST_LIMITS.fileBytes + 1, 'a'))
    expect(response.statusCode).toBe(413)
    expect(response.json()).toEqual({ message: 'Файл слишком большой: не более 5 МБ' })
    // a file of exactly 5 MB is read
    const exact = Buffer.alloc(PRICELIST_LIMITS.fileBytes, ' ')
    Buffer.from(`${product(0).articul};1\n`).copy(exact)
    expect(answerOf(await uploadFile(exact)).products).toHaveLength(1)
  })

  it('answers malformed uploads with 400 and a Russian message, never 500', async () => {
    const json = await fixture.app.inject({ method: 'POST', url: '/api/uploadsFromFile/', payload: { file: 'x' }, headers: { cookie } })
    expect(json.statusCode).toBe(400)
    expect(json.json()).toEqual({ message: PRICELIST_MESSAGES.noFile })

    const noFile = multipartForm({ contract: '1' })
    const withoutFile = await fixture.app.inject({ method: 'POST', url: '/api/uploadsFromFile/', ...noFile, headers: { ...noFile.headers, cookie } })
    expect(withoutFile.json()).toEqual({ message: PRICELIST_MESSAGES.noFile })

    const wrongName = multipartForm({ upload: { content: 'AB;1' } })
    const misnamed = await fixture.app.inject({ method: 'POST', url: '/api/uploadsFromFile/', ...wrongName, headers: { ...wrongName.headers, cookie } })
    expect(misnamed.json()).toEqual({ message: PRICELIST_MESSAGES.noFile })

    const broken = [
      { payload: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nAB;1', type: 'multipart/form-data; boundary=x' },
      { payload: 'garbage', type: 'multipart/form-data' },
      { payload: '--x\r\nno headers here\r\n--x--', type: 'multipart/form-data; boundary=x' },
    ]
    for (const { payload, type } of broken) {
      const response = await fixture.app.inject({ method: 'POST', url: '/api/uploadsFromFile/', payload, headers: { 'content-type': type, cookie } })
      expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400)
      expect(response.statusCode).toBeLessThan(500)
      expect(response.json().message).toMatch(/[а-я]/)
    }

    const twoFiles = multipartForm({ file: { content: 'AB;1' }, other: { content: 'AB;2' } })
    const both = await fixture.app.inject({ method: 'POST', url: '/api/uploadsFromFile/', ...twoFiles, headers: { ...twoFiles.headers, cookie } })
    expect(both.statusCode).toBe(400)

    const badWms = await uploadFile(`${product(0).articul};1`, { wms: 'abc' })
    expect(badWms.statusCode).toBe(400)
    expect((await uploadFile(`${product(0).articul};1`, { wms: '9' })).json()).toEqual({ message: CATALOGUE_MESSAGES.unknownWarehouse })
    expect((await uploadFile(`${product(0).articul};1`, { contract: 'x' })).statusCode).toBe(400)
  })

  it('requires a login and a contract the user may use', async () => {
    expect((await uploadFile('AB;1', {}, null)).statusCode).toBe(401)
    const foreign = await uploadFile(`${product(0).articul};1`, { contract: '4' })
    expect(foreign.statusCode).toBe(403)
    expect(foreign.json()).toEqual({ message: AUTH_MESSAGES.forbidden })
    expect((await uploadFile(`${product(0).articul};1`, { contract: '3' }, managerCookie)).statusCode).toBe(403)
    expect((await uploadFile(`${product(0).articul};1`, { contract: '2' }, managerCookie)).statusCode).toBe(200)
  })
})

describe('POST /api/uploadsFromBuffer/', () => {
  it('reads pasted text, tab- and space-separated', async () => {
    const [a, b, c] = [product(0), product(1), product(2)]
    const text = `${a.articul}\t4\n\n${b.articul.toLowerCase()} 2\n${c.articul}   1 шт\nчто-то непонятное\n`
    const answer = answerOf(await uploadText({ text }))
    expect(answer.products).toEqual([expectedLine(a, 4, 1), expectedLine(b, 2, 3), expectedLine(c, 1, 4)])
    expect(answer.unmatched).toEqual([{ row: 5, text: 'что-то непонятное', reason: PRICELIST_MESSAGES.notFound }])
  })

  it('reads each pasted line with its own separator: «, » after «;» and tab lines (issue 21)', async () => {
    const [a, b, c, d] = [product(0), product(1), product(2), product(3)]
    const text = `${a.articul};4\n${b.articul}, 1\n${c.articul}\t2\n${d.articul}, 3`
    const answer = answerOf(await uploadText({ text }))
    expect(answer.products).toEqual([expectedLine(a, 4, 1), expectedLine(b, 1, 2), expectedLine(c, 2, 3), expectedLine(d, 3, 4)])
    expect(answer.unmatched).toEqual([])
  })

  it('takes JSON as well as a form', async () => {
    const a = product(0)
    const response = await fixture.app.inject({
      method: 'POST',
      url: '/api/uploadsFromBuffer/',
      payload: { text: `${a.articul} 2`, contract: '1' },
      headers: { cookie },
    })
    expect(answerOf(response).products).toEqual([expectedLine(a, 2, 1)])
  })

  it('refuses text over 1 MB, and a body too big to hold it, with the same message', async () => {
    const big = await uploadText({ text: `${'A'.repeat(PRICELIST_LIMITS.textBytes)} 1` })
    expect(big.statusCode).toBe(413)
    expect(big.json()).toEqual({ message: PRICELIST_MESSAGES.textTooLarge })
    const huge = await uploadText({ text: 'Ж'.repeat(2 * PRICELIST_LIMITS.textBytes) })
    expect(huge.statusCode).toBe(413)
    expect(huge.json()).toEqual({ message: 'Текст слишком большой: не более 1 МБ' })
  })

  it('answers malformed requests with 400', async () => {
    const cases: Record<string, string>[] = [{}, { text: '   ' }, { text: 'AB 1', wms: 'склад' }, { text: 'AB 1', contract: '-1' }]
    for (const fields of cases) {
      const response = await uploadText(fields)
      expect(response.statusCode, JSON.stringify(fields)).toBe(400)
      expect(response.json().message).toMatch(/[а-я]/)
    }
    const notJson = await fixture.app.inject({
      method: 'POST',
      url: '/api/uploadsFromBuffer/',
      payload: '{"text":',
      headers: { 'content-type': 'application/json', cookie },
    })
    expect(notJson.statusCode).toBe(400)
    expect((await uploadText({ text: 'AB 1' }, null)).statusCode).toBe(401)
  })
})

describe('POST /api/addCartFromPricelist/', () => {
  const lineQnt = (productId: number) => basketLineQnt(fixture, { userId, productId })

  it('adds the chosen products and reports the ones the warehouse cannot give', async () => {
    const [a, b] = [product(0), product(1)]
    const response = await addCart({ cartList: { [a.id]: 2, [b.id]: b.stock + 1, 999999: 1 }, contract: '1', wms: 1 })
    expect(response.statusCode, response.body).toBe(200)
    const answer = productSetResponseSchema.parse(response.json())
    expect(answer.count).toBe(1)
    expect(answer.refused).toEqual([
      { id: b.id, wms: 1, header: b.header, articul: b.articul, requested: b.stock + 1, available: b.stock },
      { id: 999999, wms: 1, header: '', articul: '', requested: 1, available: 0 },
    ])
    expect(answer.basket).toEqual({ count: 1, sum: Math.round(contractPrice(a.price, factor) * 2 * 100) / 100 })
    expect(await lineQnt(a.id)).toBe(2)
    expect(await lineQnt(b.id)).toBe(0)
  })

  it('takes the upload’s answer as it is and a legacy form post, skipping quantities of 0', async () => {
    const [a, b] = [product(0), product(1)]
    const upload = answerOf(await uploadText({ text: `${a.articul} 1\n${b.articul} 2` }))
    const cartList = Object.fromEntries(upload.products.map((p) => [p.id, p.qnt]))
    expect(productSetResponseSchema.parse((await addCart({ cartList, contract: upload.contract, wms: upload.wms })).json()).count).toBe(2)
    const legacy = await fixture.app.inject({
      method: 'POST',
      url: '/api/addCartFromPricelist',
      payload: form({ [`cartList[${a.id}]`]: '3', [`cartList[${b.id}]`]: '0', contract: '1' }),
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
    })
    expect(productSetResponseSchema.parse(legacy.json()).count).toBe(1)
    expect(await lineQnt(a.id)).toBe(4)
    expect(await lineQnt(b.id)).toBe(2)
  })

  it('refuses an empty or malformed list with 400 and changes nothing', async () => {
    const before = await readTable(fixture.db, 'basket_lines')
    const empty = await addCart({ cartList: {} })
    expect(empty.statusCode).toBe(400)
    expect(empty.json().message).toContain(PRICELIST_MESSAGES.emptyCart)
    const cases: unknown[] = [
      {},
      { cartList: { [product(0).id]: 0 } },
      { cartList: 'abc' },
      { cartList: [1, 2] },
      { cartList: null },
      { cartList: { abc: 1 } },
      { cartList: { 0: 1 } },
      { cartList: { [product(0).id]: -1 } },
      { cartList: { [product(0).id]: 1.5 } },
      { cartList: { [product(0).id]: 'много' } },
      { cartList: { [product(0).id]: 1 }, wms: 'x' },
      { cartList: { [product(0).id]: 1 }, contract: 'x' },
      Object.fromEntries([['cartList', Object.fromEntries(Array.from({ length: PRICELIST_LIMITS.cartLines + 1 }, (_, i) => [i + 1, 1]))]]),
    ]
    for (const payload of cases) {
      const response = await addCart(payload)
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400)
      expect(response.json().message).toMatch(/[а-я]/)
    }
    const notJson = await fixture.app.inject({
      method: 'POST',
      url: '/api/addCartFromPricelist/',
      payload: 'cartList',
      headers: { 'content-type': 'application/json', cookie },
    })
    expect(notJson.statusCode).toBe(400)
    expect(await readTable(fixture.db, 'basket_lines')).toEqual(before)
  })

  it('requires a login and a contract the user may use', async () => {
    const cartList = { [product(0).id]: 1 }
    expect((await addCart({ cartList }, null)).statusCode).toBe(401)
    expect((await addCart({ cartList, contract: '4' })).statusCode).toBe(403)
    expect((await addCart({ cartList, contract: '3' }, managerCookie)).statusCode).toBe(403)
    expect((await addCart({ cartList, wms: 9 })).json()).toEqual({ message: CATALOGUE_MESSAGES.unknownWarehouse })
  })
})
