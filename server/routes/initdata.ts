import type { FastifyInstance } from 'fastify'
import type { BasketSummary, Warehouse } from '../../src/contract/account'
import { setContractRequestSchema } from '../../src/contract/account'
import { AUTH_MESSAGES } from '../../src/contract/auth'
import type { CategoryNode } from '../../src/contract/catalogue-init'
import type { AppDeps } from '../app'
import { accountOf } from '../auth/account'
import { allowedContracts, selectedContractId } from '../auth/contract-access'
import { requireAccount, signedInUser } from '../auth/require-account'
import { contractPrice } from '../catalogue/contract'
import type { Db } from '../db/connection'
import { HttpError, parseBody } from '../validation'

/** The basket header: lines of the user under the contract and their sum at the contract's prices. */
export async function basketSummary(db: Db, userId: number, contractId: string): Promise<BasketSummary> {
  if (contractId === '0') return { count: 0, sum: 0 }
  const lines = await db.kysely
    .selectFrom('basket_lines')
    .innerJoin('products', 'products.id', 'basket_lines.product_id')
    .innerJoin('contracts', 'contracts.id', 'basket_lines.contract_id')
    .select(['basket_lines.qnt', 'products.price', 'contracts.price_factor'])
    .where('basket_lines.user_id', '=', userId)
    .where('basket_lines.contract_id', '=', Number(contractId))
    .execute()
  // priced per unit first, as the catalogue and the basket show it, so the totals agree to the kopeck
  const sum = lines.reduce((total, line) => total + Math.round(contractPrice(Number(line.price), Number(line.price_factor)) * line.qnt * 100) / 100, 0)
  return { count: lines.length, sum: Math.round(sum * 100) / 100 }
}

export function listWarehouses(db: Db): Promise<Warehouse[]> {
  return db.kysely.selectFrom('warehouses').select(['id', 'header']).orderBy('id').execute()
}

export async function catalogueTree(db: Db): Promise<CategoryNode[]> {
  const rows = await db.kysely.selectFrom('categories').select(['id', 'parent_id', 'header']).orderBy('sort').orderBy('id').execute()
  const nodes = new Map(rows.map((row) => [row.id, { id: String(row.id), header: row.header, children: [] as CategoryNode[] }]))
  const roots: CategoryNode[] = []
  for (const row of rows) {
    const node = nodes.get(row.id)!
    const parent = row.parent_id === null ? undefined : nodes.get(row.parent_id)
    ;(parent ? parent.children : roots).push(node)
  }
  return roots
}

export function registerInitDataRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps
  const guarded = { preHandler: requireAccount(deps) }

  app.get('/api/initdata/', guarded, async (request) => {
    const user = signedInUser(request)
    const [account, warehouses] = await Promise.all([accountOf(db, user), listWarehouses(db)])
    const selectedContract = selectedContractId(user, account.contracts)
    return {
      account,
      contracts: account.contracts,
      selectedContract,
      warehouses,
      basket: await basketSummary(db, user.id, selectedContract),
    }
  })

  app.get('/api/filterinit/', guarded, async (request) => {
    const user = signedInUser(request)
    const [contracts, catalog_tree, warehouses] = await Promise.all([allowedContracts(db, user), catalogueTree(db), listWarehouses(db)])
    return { contracts, catalog_tree, selectedContract: selectedContractId(user, contracts), warehouses }
  })

  app.post('/api/setContract/', guarded, async (request) => {
    const { id } = parseBody(setContractRequestSchema, request)
    const user = signedInUser(request)
    const contracts = await allowedContracts(db, user)
    // compared as text with the allowed list, so no arbitrary id ever reaches a query
    const contract = contracts.find((allowed) => allowed.id === id)
    if (!contract) throw new HttpError(403, AUTH_MESSAGES.forbidden)
    await db.kysely.updateTable('users').set({ current_contract_id: Number(contract.id) }).where('id', '=', user.id).execute()
    return { selectedContract: contract.id, basket: await basketSummary(db, user.id, contract.id) }
  })
}
