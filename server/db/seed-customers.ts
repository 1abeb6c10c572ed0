import { innWithControlDigits } from '../../src/contract/inn'
import { COMPANIES, ROLE_LABELS } from './seed-customers-data'
import type { SeedRow } from './seed-support'

export const DEMO_LOGINS: { email: string; role: string; company: string }[] = COMPANIES.flatMap((spec) => [
  { email: spec.mainAccount.email, role: ROLE_LABELS.mainAccount, company: spec.company },
  { email: spec.manager.email, role: ROLE_LABELS.manager, company: spec.company },
])

/** What the order history needs to know about a seeded company. */
export interface SeededCompany {
  customerId: number
  mainAccountId: number
  mainAccountContractId: number
  managerId: number
  managerContractIds: number[]
  contracts: { id: number; priceFactor: number }[]
}

export interface CustomerRows {
  customers: SeedRow<'customers'>[]
  contragents: SeedRow<'contragents'>[]
  contracts: SeedRow<'contracts'>[]
  users: SeedRow<'users'>[]
  manager_contracts: SeedRow<'manager_contracts'>[]
  addresses: SeedRow<'addresses'>[]
  consignees: SeedRow<'consignees'>[]
}

const nextId = (rows: readonly unknown[]) => rows.length + 1

export function buildCustomers(passwordHash: string, daysAgo: (days: number) => string): { rows: CustomerRows; companies: SeededCompany[] } {
  const rows: CustomerRows = {
    customers: [],
    contragents: [],
    contracts: [],
    users: [],
    manager_contracts: [],
    addresses: [],
    consignees: [],
  }
  const companies = COMPANIES.map((spec, c): SeededCompany => {
    const customerId = nextId(rows.customers)
    const createdAt = daysAgo(620 - c * 150)
    rows.customers.push({ id: customerId, company: spec.company, inn: innWithControlDigits(spec.innBase), created_at: createdAt })
    const contragentIds = spec.contragents.map((contragent) => {
      const id = nextId(rows.contragents)
      const inn = innWithControlDigits(contragent.innBase)
      // a legal entity's KPP starts with its tax office, as its INN does; an entrepreneur has none
      const kpp = inn.length === 10 ? `${inn.slice(0, 4)}01001` : ''
      rows.contragents.push({ id, customer_id: customerId, company: contragent.company, inn, kpp, is_new: 0, state: 'active' })
      return id
    })
    const contracts = spec.contracts.map((contract) => {
      const id = nextId(rows.contracts)
      const contragentId = contragentIds[contract.contragent]
      if (contragentId === undefined) throw new Error(`no contragent ${contract.contragent} for ${contract.header}`)
      rows.contracts.push({
        id,
        customer_id: customerId,
        contragent_id: contragentId,
        header: contract.header,
        price_factor: contract.priceFactor,
      })
      return { id, priceFactor: contract.priceFactor }
    })
    const managerContractIds = spec.manager.contracts.map((index) => {
      const contract = contracts[index]
      if (!contract) throw new Error(`no contract ${index} for ${spec.manager.email}`)
      return contract.id
    })
    const mainAccountContractId = contracts[0]?.id
    if (mainAccountContractId === undefined) throw new Error(`${spec.company} has no contracts`)
    const addUser = (person: typeof spec.mainAccount, typeId: string, disabledMenus: readonly string[], contractId: number | null) => {
      const id = nextId(rows.users)
      rows.users.push({
        id,
        customer_id: customerId,
        email: person.email,
        password_hash: passwordHash,
        type_id: typeId,
        name: person.name,
        phone: person.phone,
        enabled: '1',
        approval: 'approved',
        disabled_menus: JSON.stringify(disabledMenus),
        current_contract_id: contractId,
        created_at: createdAt,
      })
      return id
    }
    const mainAccountId = addUser(spec.mainAccount, '1', [], mainAccountContractId)
    const managerId = addUser(spec.manager, '2', spec.manager.disabledMenus, managerContractIds[0] ?? null)
    rows.manager_contracts.push(...managerContractIds.map((contractId) => ({ user_id: managerId, contract_id: contractId })))
    for (const address of spec.addresses) {
      rows.addresses.push({
        id: nextId(rows.addresses),
        customer_id: customerId,
        full_address: address.fullAddress,
        postindex: address.postindex,
      })
    }
    for (const consignee of spec.consignees) {
      rows.consignees.push({ id: nextId(rows.consignees), customer_id: customerId, ...consignee, file_name: null })
    }
    return { customerId, mainAccountId, mainAccountContractId, managerId, managerContractIds, contracts }
  })
  return { rows, companies }
}
