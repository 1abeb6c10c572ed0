import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { initDataSchema, setContractResponseSchema, type Contract } from '../../src/contract/account'
import { AUTH_MESSAGES } from '../../src/contract/auth'
import { filterInitSchema, type CategoryNode } from '../../src/contract/catalogue-init'
import { demoLogin, loginAs, startServer, type ServerFixture } from '../support/server-fixture'

let fixture: ServerFixture
beforeAll(async () => {
  fixture = await startServer()
})
afterAll(() => fixture?.close())

const get = (url: string, cookie?: string) => fixture.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} })
const setContract = (cookie: string, payload: unknown) =>
  fixture.app.inject({ method: 'POST', url: '/api/setContract/', payload: payload as object, headers: { cookie } })
const initData = async (cookie: string) => initDataSchema.parse((await get('/api/initdata/', cookie)).json())

async function userId(email: string) {
  return await fixture.db.kysely.selectFrom('users').select(['id', 'customer_id']).where('email', '=', email).executeTakeFirstOrThrow()
}

/** The expected basket summary, computed independently from the rows. */
async function expectedBasket(email: string, contractId: string) {
  const { id } = await userId(email)
  const lines = await fixture.db.kysely
    .selectFrom('basket_lines')
    .innerJoin('products', 'products.id', 'basket_lines.product_id')
    .innerJoin('contracts', 'contracts.id', 'basket_lines.contract_id')
    .select(['basket_lines.qnt', 'products.price', 'contracts.price_factor'])
    .where('basket_lines.user_id', '=', id)
    .where('basket_lines.contract_id', '=', Number(contractId))
    .execute()
  // the contract price of one unit is rounded to kopecks first: what the catalogue lists
  const kopecks = lines.reduce((total, line) => total + line.qnt * Math.round(line.price * line.price_factor * 100), 0)
  return { count: lines.length, sum: kopecks / 100 }
}

async function companyContracts(email: string): Promise<string[]> {
  const { customer_id } = await userId(email)
  const rows = await fixture.db.kysely.selectFrom('contracts').select('id').where('customer_id', '=', customer_id).orderBy('id').execute()
  return rows.map((row) => String(row.id))
}

const ids = (contracts: Contract[]) => contracts.map((contract) => contract.id)

describe('GET /api/initdata/', () => {
  it('gives a main account all its company contracts, warehouses and the basket summary', async () => {
    const { email } = demoLogin('mainAccount')
    const data = await initData(await loginAs(fixture, 'mainAccount'))
    expect(data.account.email).toBe(email)
    expect(ids(data.contracts)).toEqual(await companyContracts(email))
    expect(data.contracts.every((contract) => contract.header && contract.contragent)).toBe(true)
    expect(ids(data.contracts)).toContain(data.selectedContract)
    const warehouses = await fixture.db.kysely.selectFrom('warehouses').select(['id', 'header']).orderBy('id').execute()
    expect(data.warehouses).toEqual(warehouses)
    expect(data.basket).toEqual(await expectedBasket(email, data.selectedContract))
  })

  it('sums the basket to the kopeck as the basket itself does', async () => {
    const cookie = await loginAs(fixture, 'mainAccount')
    const data = await initData(cookie)
    expect(data.basket.count).toBeGreaterThan(0)
    const basket = (await get(`/api/getBasketData/?contract=${data.selectedContract}`, cookie)).json()
    expect(data.basket.sum).toBe(basket.sum)
  })

  it('gives a manager only the contracts granted to them', async () => {
    const { email } = demoLogin('manager')
    const { id } = await userId(email)
    const granted = await fixture.db.kysely.selectFrom('manager_contracts').select('contract_id').where('user_id', '=', id).orderBy('contract_id').execute()
    const data = await initData(await loginAs(fixture, 'manager'))
    expect(ids(data.contracts)).toEqual(granted.map((row) => String(row.contract_id)))
    expect(ids(data.contracts).length).toBeLessThan((await companyContracts(email)).length)
    expect(data.account.contracts).toEqual(data.contracts)
    expect(data.account.type_id).toBe('2')
  })

  it('falls back to the first allowed contract, and to "0" when there is none', async () => {
    const { email } = demoLogin('manager', 1)
    const { id } = await userId(email)
    const cookie = await loginAs(fixture, 'manager', 1)
    await fixture.db.kysely.updateTable('users').set({ current_contract_id: null }).where('id', '=', id).execute()
    const data = await initData(cookie)
    expect(data.selectedContract).toBe(data.contracts[0]?.id)

    const granted = await fixture.db.kysely.selectFrom('manager_contracts').selectAll().where('user_id', '=', id).execute()
    await fixture.db.kysely.deleteFrom('manager_contracts').where('user_id', '=', id).execute()
    try {
      const none = await initData(cookie)
      expect(none.contracts).toEqual([])
      expect(none.selectedContract).toBe('0')
      expect(none.basket).toEqual({ count: 0, sum: 0 })
    } finally {
      await fixture.db.kysely.insertInto('manager_contracts').values(granted).execute()
    }
  })

  it('answers 401 without a session', async () => {
    for (const url of ['/api/initdata/', '/api/filterinit/']) {
      const response = await get(url)
      expect(response.statusCode).toBe(401)
      expect(response.json()).toEqual({ message: AUTH_MESSAGES.noSession })
    }
  })
})

describe('GET /api/filterinit/', () => {
  it('gives the allowed contracts and the category tree nested and ordered by sort', async () => {
    const cookie = await loginAs(fixture, 'manager')
    const data = filterInitSchema.parse((await get('/api/filterinit/', cookie)).json())
    expect(data.contracts).toEqual((await initData(cookie)).contracts)

    const categories = await fixture.db.kysely.selectFrom('categories').selectAll().execute()
    const flatten = (nodes: CategoryNode[], parent: number | null): number =>
      nodes.reduce((count, node) => {
        const row = categories.find((category) => String(category.id) === node.id)
        expect(row?.parent_id ?? null).toBe(parent)
        expect(row?.header).toBe(node.header)
        const sorts = node.children.map((child) => categories.find((category) => String(category.id) === child.id)!.sort)
        expect(sorts).toEqual([...sorts].sort((a, b) => a - b))
        return count + 1 + flatten(node.children, Number(node.id))
      }, 0)
    expect(flatten(data.catalog_tree, null)).toBe(categories.length)
  })
})

describe('POST /api/setContract/', () => {
  it('switches to an allowed contract, keeps it, and answers the new basket summary', async () => {
    const { email } = demoLogin('mainAccount')
    const cookie = await loginAs(fixture, 'mainAccount')
    const { contracts, selectedContract } = await initData(cookie)
    const other = contracts.find((contract) => contract.id !== selectedContract)!
    const response = await setContract(cookie, { id: Number(other.id) })
    expect(response.statusCode).toBe(200)
    expect(setContractResponseSchema.parse(response.json())).toEqual({
      selectedContract: other.id,
      basket: await expectedBasket(email, other.id),
    })
    expect((await initData(cookie)).selectedContract).toBe(other.id)
    expect((await setContract(cookie, { id: selectedContract })).json().selectedContract).toBe(selectedContract)
  })

  it('refuses a contract of another company, one not granted to a manager, and nonsense ids', async () => {
    const foreign = await companyContracts(demoLogin('mainAccount', 1).email)
    const own = await companyContracts(demoLogin('manager').email)
    const manager = await loginAs(fixture, 'manager')
    const granted = ids((await initData(manager)).contracts)
    const notGranted = own.find((id) => !granted.includes(id))!
    const before = (await initData(manager)).selectedContract
    for (const id of [foreign[0], notGranted, '0', '-1', 'abc', '99999999999999999999', 2 ** 53]) {
      const response = await setContract(manager, { id })
      expect(response.statusCode, String(id)).toBe(403)
      expect(response.json()).toEqual({ message: AUTH_MESSAGES.forbidden })
    }
    expect((await initData(manager)).selectedContract).toBe(before)
    expect((await setContract(manager, { id: null })).statusCode).toBe(400)
    expect((await setContract(manager, {})).statusCode).toBe(400)
  })
})
