import type { FastifyInstance } from 'fastify'
import { setContractRequestSchema } from '../../src/contract/account'
import { AUTH_MESSAGES } from '../../src/contract/auth'
import { accountOf } from '../auth/account'
import { allowedContracts, selectedContractId } from '../auth/contract-access'
import { requireAccount, signedInUser } from '../auth/require-account'
import { basketSummary } from '../catalogue/basket-lines'
import { catalogueTree } from '../catalogue/categories'
import { listWarehouses } from '../catalogue/warehouses'
import type { AppDeps } from '../deps'
import { HttpError, parseBody } from '../validation'

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
      basket: await basketSummary(db, user, selectedContract),
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
    await db.kysely
      .updateTable('users')
      .set({ current_contract_id: Number(contract.id) })
      .where('id', '=', user.id)
      .execute()
    return { selectedContract: contract.id, basket: await basketSummary(db, user, contract.id) }
  })
}
