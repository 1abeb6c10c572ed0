import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { sectionClosedMessage } from '../../src/contract/menu'
import { BASKET_FILLING_CALLS } from '../../server/auth/section-access'
import { demoLogin, loginAs, startServer, type ServerFixture } from '../support/server-fixture'
import { basketLineQnt, sessionRequests, stockedProduct, userIdOf } from '../support/server-requests'

/**
 * Issue 21, item 12: a manager whose basket section («Корзина», key 'cart') is closed can neither
 * read nor fill the basket, from the catalogue or from any other screen; the server answers 403
 * with the section named. The main account and a manager with the basket open are not affected.
 */
let fixture: ServerFixture
let managerCookie: string
let managerId: number

const CLOSED = { message: sectionClosedMessage('cart') }
const { get, post } = sessionRequests(
  () => fixture,
  () => managerCookie,
)
const k = () => fixture.db.kysely

const setManagerMenus = (keys: readonly string[]) =>
  k()
    .updateTable('users')
    .set({ disabled_menus: JSON.stringify(keys) })
    .where('email', '=', demoLogin('manager').email)
    .execute()

beforeAll(async () => {
  fixture = await startServer()
  managerCookie = await loginAs(fixture, 'manager')
  managerId = await userIdOf(fixture, demoLogin('manager').email)
})
afterAll(() => fixture?.close())
beforeEach(async () => {
  await setManagerMenus([])
  await k().deleteFrom('basket_lines').where('user_id', '=', managerId).execute()
})

describe('a manager with the basket closed', () => {
  it('is refused «В корзину» with 403 and the section named, and nothing goes into the basket', async () => {
    const { id } = await stockedProduct(fixture, 2)
    expect((await post('/api/processBasket/', { id, qnt: 1, wms: 1, type: 'add', contract: '1' })).statusCode).toBe(200)
    expect(await basketLineQnt(fixture, { userId: managerId, productId: id })).toBe(1)

    await setManagerMenus(['cart'])
    const refused = await post('/api/processBasket/', { id, qnt: 1, wms: 1, type: 'add', contract: '1' })
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toEqual(CLOSED)
    expect(await basketLineQnt(fixture, { userId: managerId, productId: id })).toBe(1)
  })

  it('is refused every other basket call: reading, changing, clearing it, several products at once', async () => {
    const { id } = await stockedProduct(fixture, 2)
    await setManagerMenus(['cart'])
    const answers = await Promise.all([
      get('/api/getBasketData/?contract=1'),
      post('/api/processBasketUpdate/', { id, qnt: 1, wms: 1, contract: '1' }),
      post('/api/clearBasket/', { contract: '1' }),
      post('/api/processProductSet/', { contract: '1', products: [{ id, qnt: 1, wms: 1 }] }),
      post('/api/placeOrder/', {}),
    ])
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(403)
      expect(answer.json()).toEqual(CLOSED)
    }
    expect(await basketLineQnt(fixture, { userId: managerId, productId: id })).toBe(0)
  })

  it('is refused the other screens’ ways into the basket: an order’s or a draft’s «Повторить», a price list', async () => {
    await setManagerMenus(['cart'])
    const answers = await Promise.all([
      post('/api/order/', { id: 1, action: 'repeat' }),
      post('/api/drafts/', { id: 1, action: 'repeat' }),
      post('/api/addCartFromPricelist/', { cartList: { '1': 1 } }),
    ])
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(403)
      expect(answer.json()).toEqual(CLOSED)
    }
    expect(Object.keys(BASKET_FILLING_CALLS)).toHaveLength(answers.length)
  })

  it('may still cancel an order and remove a draft: only their «Повторить» needs the basket', async () => {
    await setManagerMenus(['cart'])
    for (const answer of [await post('/api/order/', { id: 1, action: 'cancel' }), await post('/api/drafts/', { id: 1, action: 'remove' })]) {
      expect(answer.json<{ message?: string }>().message).not.toBe(CLOSED.message)
    }
  })

  it('leaves the main account’s basket open', async () => {
    await setManagerMenus(['cart'])
    const mainCookie = await loginAs(fixture, 'mainAccount')
    const { id } = await stockedProduct(fixture, 1)
    expect((await post('/api/processBasket/', { id, qnt: 1, wms: 1, type: 'add', contract: '1' }, mainCookie)).statusCode).toBe(200)
    expect((await get('/api/getBasketData/?contract=1', mainCookie)).statusCode).toBe(200)
  })
})
